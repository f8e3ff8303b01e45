import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Any path outside the route table. */
export default function NotFoundPage() {
  return (
    <div className="flex min-h-[70svh] flex-col items-center justify-center gap-6 p-6 text-center">
      <div className="space-y-2">
        <h1 className="font-bold text-7xl tracking-tight">404</h1>
        <p className="font-semibold text-xl">Page Not Found</p>
        <p className="max-w-sm text-muted-foreground text-sm">
          The page you are looking for does not exist or has been moved.
        </p>
      </div>
      <Button asChild>
        <Link to="/">Back to home</Link>
      </Button>
    </div>
  );
}
