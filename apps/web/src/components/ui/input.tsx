import type * as React from 'react';
import { cn } from '@/lib/utils';
import { countFor } from './character-count';

/** A text input; with `maxLength` and a text value it shows a character counter near the limit. */
function Input({
  className,
  type,
  counter = true,
  ...props
}: React.ComponentProps<'input'> & { counter?: boolean }) {
  return (
    <>
      <input
        type={type}
        data-slot="input"
        className={cn(
          'flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none transition-[color,box-shadow] selection:bg-primary selection:text-primary-foreground file:inline-flex file:h-7 file:border-0 file:bg-transparent file:font-medium file:text-foreground file:text-sm placeholder:text-muted-foreground disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
          'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
          className,
        )}
        {...props}
      />
      {counter && countFor(props.maxLength, props.value)}
    </>
  );
}

export { Input };
