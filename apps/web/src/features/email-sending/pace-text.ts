/** A mailbox's pace in words: "one email every 1–3 min", "one email every 45–90 s", or no gap at all. */
export function paceText(min: number, max: number): string {
  if (max === 0) return 'as fast as Gmail allows';
  if (min >= 60 && min % 60 === 0 && max % 60 === 0) {
    return min === max ? `one email every ${min / 60} min` : `one email every ${min / 60}–${max / 60} min`;
  }
  return min === max ? `one email every ${min} s` : `one email every ${min}–${max} s`;
}
