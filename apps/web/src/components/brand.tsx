import { SendIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The product mark: a dark rounded square with a paper plane. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm',
        className,
      )}
    >
      <SendIcon className="size-4" />
    </span>
  );
}

/** Mark, product name and subtitle, as shown in the sidebar and on the sign-in screen. */
export function Brand({ showText = true, className }: { showText?: boolean; className?: string }) {
  return (
    <span className={cn('flex min-w-0 items-center gap-3', className)}>
      <BrandMark />
      {showText && (
        <span className="grid min-w-0 leading-tight">
          <span className="truncate font-semibold text-base tracking-tight">Prospector</span>
          <span className="truncate text-muted-foreground text-xs">Email Automation</span>
        </span>
      )}
    </span>
  );
}
