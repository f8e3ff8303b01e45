import type * as React from 'react';
import { cn } from '@/lib/utils';
import { countFor } from './character-count';

/** Grows with its text up to a bounded height, then scrolls, so a long paste cannot push a dialog off screen. */
function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <>
      <textarea
        data-slot="textarea"
        className={cn(
          'field-sizing-content flex max-h-48 min-h-16 w-full overflow-y-auto rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
          'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
          className,
        )}
        {...props}
      />
      {countFor(props.maxLength, props.value)}
    </>
  );
}

export { Textarea };
