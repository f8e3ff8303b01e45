import { Loader2Icon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/** An animated spinner icon; decorative unless given a label. */
function Spinner({ className, label, ...props }: React.ComponentProps<'svg'> & { label?: string }) {
  return (
    <Loader2Icon
      data-slot="spinner"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}

/** Full-screen "Loading..." state, shown while the session loads. */
function FullPageSpinner({ text = 'Loading...' }: { text?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-svh flex-col items-center justify-center gap-3"
    >
      <Spinner className="size-8 text-muted-foreground" />
      <p className="text-muted-foreground text-sm">{text}</p>
    </div>
  );
}

export { FullPageSpinner, Spinner };
