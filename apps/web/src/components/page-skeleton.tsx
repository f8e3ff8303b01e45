import { Skeleton } from '@/components/ui/skeleton';

/** A page's outline (title, a toolbar, two cards) while its code or first data arrive. */
export function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6 lg:p-8">
      <div className="space-y-2">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <Skeleton className="h-9 w-72 max-w-full" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}

/**
 * The signed-in frame drawn at once, before the session check and the app's code are back: a sidebar and
 * a page outline where "Loading..." used to fill the screen.
 */
export function AppShellSkeleton() {
  return (
    <div className="flex min-h-svh bg-background">
      <div
        aria-hidden
        className="sticky top-0 hidden h-svh w-64 shrink-0 flex-col gap-3 border-sidebar-border border-r bg-sidebar p-5 md:flex"
      >
        <Skeleton className="mb-4 h-7 w-36" />
        {['w-40', 'w-32', 'w-44', 'w-28', 'w-36', 'w-24'].map((width) => (
          <Skeleton key={width} className={`h-5 ${width}`} />
        ))}
      </div>
      <div className="min-w-0 flex-1">
        <PageSkeleton />
      </div>
    </div>
  );
}
