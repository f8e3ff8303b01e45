import { cn } from '@/lib/utils';

/** shadcn/ui's Skeleton: a pulsing block standing in for content that is on its way. */
function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="skeleton" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
  );
}

export { Skeleton };
