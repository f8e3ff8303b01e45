// How well a type-ahead suggestion matches what was typed. Shared by the server (which re-ranks Apollo's
// answer) and the sandbox Apollo (which makes its own suggestions), so both order them the same way.

/** Small words left out of an acronym: "VP of Sales" -> "vps", "Chief Technology Officer" -> "cto". */
const ACRONYM_SKIPS = new Set(['of', 'and', 'the', 'for', 'in', 'at', 'to']);

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

export function acronymOf(name: string): string {
  return words(name)
    .filter((word) => !ACRONYM_SKIPS.has(word))
    .map((word) => word[0])
    .join('');
}

/**
 * 0 the whole name or its acronym, 1 whole words at the start, 2 whole words elsewhere, 3 the start of the
 * first word, 4 the start of another word, 5 the start of the acronym, 6 inside a word; null: no match.
 * Letter case, and spacing or punctuation between words, do not matter.
 */
export function suggestionRank(typed: string, name: string): number | null {
  const query = words(typed).join(' ');
  if (!query) return null;
  const value = words(name).join(' ');
  const acronym = acronymOf(name);
  const compact = query.replaceAll(' ', '');
  if (value === query || (compact.length >= 2 && acronym === compact)) return 0;
  let best: number | null = null;
  for (let at = value.indexOf(query); at !== -1; at = value.indexOf(query, at + 1)) {
    const startsWord = !isWordChar(value[at - 1]);
    const endsWord = !isWordChar(value[at + query.length]);
    const rank = startsWord ? (endsWord ? (at === 0 ? 1 : 2) : at === 0 ? 3 : 4) : 6;
    best = best === null ? rank : Math.min(best, rank);
  }
  if ((best === null || best > 5) && compact.length >= 2 && acronym.startsWith(compact)) return 5;
  return best;
}

/** The names in order of how well they match; ties and names that do not match keep their order (last). */
export function rankSuggestions<T>(typed: string, items: T[], nameOf: (item: T) => string): T[] {
  const ranked = items.map((item, order) => ({
    item,
    order,
    rank: suggestionRank(typed, nameOf(item)) ?? 99,
  }));
  return ranked.sort((a, b) => a.rank - b.rank || a.order - b.order).map((entry) => entry.item);
}
