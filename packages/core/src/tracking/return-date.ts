/**
 * The return date an out-of-office reply states ('back on 2 December', 'de retour le 2 décembre',
 * 'zurück am 02.12.', 'de vuelta el 2 de diciembre', '12月2日に戻ります'), as the start of that day (UTC).
 */

const MONTHS: Record<string, number> = {};
const monthNames = [
  // English, French, German, Spanish, Vietnamese ('tháng 12' is read as a number below)
  ['january', 'jan', 'janvier', 'janv', 'januar', 'jänner', 'enero', 'ene'],
  ['february', 'feb', 'février', 'fevrier', 'févr', 'februar', 'febrero'],
  ['march', 'mar', 'mars', 'märz', 'marz', 'marzo'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr'],
  ['may', 'mai', 'mayo'],
  ['june', 'jun', 'juin', 'juni', 'junio'],
  ['july', 'jul', 'juillet', 'juil', 'juli', 'julio'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre'],
  ['october', 'oct', 'octobre', 'oktober', 'okt', 'octubre'],
  ['november', 'nov', 'novembre', 'noviembre'],
  ['december', 'dec', 'décembre', 'decembre', 'déc', 'dezember', 'dez', 'diciembre', 'dic'],
];
monthNames.forEach((names, index) => {
  for (const name of names) MONTHS[name] = index;
});
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;

/** Words that introduce the return date, per language. */
const RETURN_WORDS =
  /(back|return(ing)?|returns|in the office|available|until|till|through|de retour|retour|jusqu'?au|à partir du|a partir du|dès le|zurück|wieder (im büro|da|erreichbar)|bis (zum|einschließlich)?|ab dem|ab|regreso|regresaré|volveré|de vuelta|hasta el|hasta|a partir del|trở lại|đến ngày|から|まで|戻り|回来|返回|之前)/i;

type Found = { index: number; month: number; day: number; year: number | null };

function datesIn(text: string): Found[] {
  const found: Found[] = [];
  const push = (index: number, month: number, day: number, year?: string) => {
    if (month >= 0 && month < 12 && day >= 1 && day <= 31) {
      const y = year ? Number(year.length === 2 ? `20${year}` : year) : null;
      found.push({ index, month, day, year: y });
    }
  };
  // 2 December (2026), 2. Dezember, 2 de diciembre de 2026, le 2 décembre
  for (const m of text.matchAll(
    new RegExp(
      `\\b(\\d{1,2})(?:st|nd|rd|th|er)?\\.?\\s+(?:de\\s+)?${MONTH}(?:\\s+(?:de\\s+)?(\\d{4}))?`,
      'gi',
    ),
  )) {
    push(m.index, MONTHS[(m[2] ?? '').toLowerCase()] ?? -1, Number(m[1]), m[3]);
  }
  // December 2(nd)(, 2026)
  for (const m of text.matchAll(
    new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`, 'gi'),
  )) {
    push(m.index, MONTHS[(m[1] ?? '').toLowerCase()] ?? -1, Number(m[2]), m[3]);
  }
  // 2026-12-02
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g))
    push(m.index, Number(m[2]) - 1, Number(m[3]), m[1]);
  // 02.12.(2026) and 02/12/2026: day first, as in German, French, Spanish and Vietnamese
  for (const m of text.matchAll(/\b(\d{1,2})[./](\d{1,2})\.?(?:[./](\d{2,4}))?(?![\d/])/g)) {
    if (m[0].includes('/') && !m[3]) continue;
    push(m.index, Number(m[2]) - 1, Number(m[1]), m[3]);
  }
  // 12月2日 (Japanese, Chinese), ngày 2 tháng 12 (Vietnamese)
  for (const m of text.matchAll(/(?:(\d{4})年)?(\d{1,2})月(\d{1,2})日/g))
    push(m.index, Number(m[2]) - 1, Number(m[3]), m[1]);
  for (const m of text.matchAll(/ngày\s+(\d{1,2})\s+tháng\s+(\d{1,2})(?:\s+năm\s+(\d{4}))?/gi)) {
    push(m.index, Number(m[2]) - 1, Number(m[1]), m[3]);
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * The first date in the message's opening that a return word precedes (within a few words) or follows
 * (CJK), on or after the day it arrived and at most a year later; null when it states none.
 */
export function returnDateOf(text: string, receivedAt: Date): Date | null {
  const opening = text.slice(0, 1500);
  const today = Date.UTC(receivedAt.getUTCFullYear(), receivedAt.getUTCMonth(), receivedAt.getUTCDate());
  for (const date of datesIn(opening)) {
    const before = opening.slice(Math.max(0, date.index - 60), date.index);
    const after = opening.slice(date.index, date.index + 24);
    if (!RETURN_WORDS.test(before) && !/(から|まで|に戻|回来|返回)/.test(after)) continue;
    let year = date.year ?? receivedAt.getUTCFullYear();
    let at = Date.UTC(year, date.month, date.day);
    if (date.year === null && at < today) at = Date.UTC(++year, date.month, date.day);
    if (at >= today && at <= today + 366 * 86_400_000) return new Date(at);
  }
  return null;
}
