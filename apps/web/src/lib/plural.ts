const rules = new Intl.PluralRules('en-US');

/** "1 hour", "2 hours", "1,000 days": the count with the word in the form English gives it. */
export function countOf(count: number, one: string, other: string): string {
  return `${count.toLocaleString('en-US')} ${rules.select(count) === 'one' ? one : other}`;
}

/** A wait step's length: "1 hour", "3 days". */
export const waitLength = (value: number, unit: 'hours' | 'days') =>
  countOf(value, unit === 'hours' ? 'hour' : 'day', unit);
