import { cn } from '@/lib/utils';

/** Shown from this share of the maximum on, so short texts stay uncluttered. */
const SHOW_FROM = 0.8;

/** "1,950 / 2,000" under a text field that is close to its maximum length; nothing before that. */
function CharacterCount({ length, max, className }: { length: number; max: number; className?: string }) {
  if (length < max * SHOW_FROM) return null;
  return (
    <p
      data-slot="character-count"
      aria-live="polite"
      className={cn(
        'text-right text-xs tabular-nums',
        length >= max ? 'text-destructive' : 'text-muted-foreground',
        className,
      )}
    >
      {length.toLocaleString('en-US')} / {max.toLocaleString('en-US')} characters
    </p>
  );
}

/** The counter for an input's props: only when it has a maximum and a controlled text value. */
function countFor(maxLength: number | undefined, value: unknown) {
  return maxLength && typeof value === 'string' ? (
    <CharacterCount length={value.length} max={maxLength} />
  ) : null;
}

export { CharacterCount, countFor };
