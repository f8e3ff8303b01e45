/**
 * The few things the SPF check reads from a record's text and the corrected record it proposes. Evaluation
 * (lookups, the 10-lookup limit, includes) is mailauth's; this only splits terms to rewrite them.
 */

export const isSpfRecord = (text: string) => /^v=spf1(\s|$)/i.test(text.trim());

/** The record's terms after `v=spf1`. */
export function spfTerms(record: string): string[] {
  return record.trim().split(/\s+/).slice(1);
}

const isAll = (term: string) => /^[+\-~?]?all$/i.test(term);
const isModifier = (term: string) => /^[a-z][a-z0-9_.-]*=/i.test(term);

/** The qualifier of the record's own `all` term, or null when it has none. */
export function allQualifier(terms: string[]): '+' | '-' | '~' | '?' | null {
  const term = terms.find(isAll);
  if (!term) return null;
  const first = term.charAt(0);
  return first === '-' || first === '~' || first === '?' || first === '+' ? first : '+';
}

export const hasRedirect = (terms: string[]) => terms.some((t) => /^redirect=/i.test(t));

/** Whether the record names the mechanism itself (`include:_spf.google.com`, `ip4:192.0.2.7`). */
export function hasMechanism(terms: string[], mechanism: string): boolean {
  const wanted = mechanism.toLowerCase();
  return terms.some((t) => t.toLowerCase().replace(/^\+/, '') === wanted);
}

/**
 * The record rewritten: the other mechanisms kept in order, `add` placed before the end, and the record
 * ending in `~all` (unless a `redirect=` hands the ending to another record, which is left as it is).
 */
export function correctedSpf(terms: string[], add: string | null): string {
  const mechanisms = terms.filter((t) => !isAll(t) && !isModifier(t));
  const modifiers = terms.filter(isModifier);
  if (add && !hasMechanism(mechanisms, add)) mechanisms.push(add);
  const ending = hasRedirect(terms) ? [] : ['~all'];
  return ['v=spf1', ...mechanisms, ...ending, ...modifiers].join(' ');
}

/** Several SPF records merged into one (receivers treat two as an error): every mechanism once. */
export function mergedSpf(records: string[], add: string | null): string {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const term of records.flatMap(spfTerms)) {
    if (isAll(term) || seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    terms.push(term);
  }
  return correctedSpf(terms, add);
}
