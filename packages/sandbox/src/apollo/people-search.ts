import { suggestionRank } from '@prospector/contracts';
import { INDUSTRIES, PLACES, TITLES } from './catalog';
import type { PeopleIndex } from './people-index';

/** The filters of Apollo's people search the sandbox understands (the ones the app sends). */
export interface PeopleFilters {
  person_titles: string[];
  include_similar_titles: boolean;
  person_locations: string[];
  organization_locations: string[];
  /** Apollo's keyword search: every word must appear in the person's title or employer (name, industry). */
  q_keywords: string[];
  organization_num_employees_ranges: [number, number][];
}

/** The words of a keyword search, as Apollo splits them (case and punctuation do not count). */
export const keywordWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

const norm = (text: string) => text.trim().toLowerCase();
const placeText = PLACES.map((p) => norm(`${p.city}, ${p.state}, ${p.country}`));

/** One mask per vocabulary: which entries a filter accepts (all, when the filter is empty). */
function mask(size: number, values: string[], accepts: (entry: number, value: string) => boolean) {
  const result = new Uint8Array(size);
  if (values.length === 0) return result.fill(1);
  for (let entry = 0; entry < size; entry++) {
    if (values.some((value) => accepts(entry, value))) result[entry] = 1;
  }
  return result;
}

function titleMask(filters: PeopleFilters) {
  const wanted = filters.person_titles.map(norm);
  return mask(TITLES.length, wanted, (entry, value) => {
    const title = norm((TITLES[entry] as readonly [string, number])[0]);
    return filters.include_similar_titles ? title.includes(value) : title === value;
  });
}

const placeMask = (values: string[]) =>
  mask(PLACES.length, values.map(norm), (entry, value) => (placeText[entry] as string).includes(value));

/** Which companies pass the organization filters: headcount and headquarters. */
function companyMask(index: PeopleIndex, filters: PeopleFilters) {
  const hq = placeMask(filters.organization_locations);
  const ranges = filters.organization_num_employees_ranges;
  const result = new Uint8Array(index.companies.length);
  index.companies.forEach((company, c) => {
    if (!hq[company.place]) return;
    if (
      ranges.length > 0 &&
      !ranges.some(([min, max]) => company.employees >= min && company.employees <= max)
    ) {
      return;
    }
    result[c] = 1;
  });
  return result;
}

/** For each keyword word: which titles and which companies (by name or industry) contain it. */
function keywordMasks(index: PeopleIndex, filters: PeopleFilters) {
  const words = [...new Set(filters.q_keywords.flatMap(keywordWords))];
  if (words.length === 0) return [];
  const titleWords = TITLES.map(([title]) => new Set(keywordWords(title)));
  const industryWords = INDUSTRIES.map(([industry]) => keywordWords(industry));
  const companyWords = index.companies.map(
    (company) => new Set([...keywordWords(company.name), ...(industryWords[company.industry] ?? [])]),
  );
  return words.map((word) => ({
    titles: Uint8Array.from(titleWords, (set) => (set.has(word) ? 1 : 0)),
    companies: Uint8Array.from(companyWords, (set) => (set.has(word) ? 1 : 0)),
  }));
}

const isUnfiltered = (filters: PeopleFilters) =>
  filters.person_titles.length === 0 &&
  filters.person_locations.length === 0 &&
  filters.organization_locations.length === 0 &&
  filters.q_keywords.length === 0 &&
  filters.organization_num_employees_ranges.length === 0;

/** The numbers of the people matching the filters, in the database's order (null: everyone). */
export function matchPeople(index: PeopleIndex, filters: PeopleFilters): Int32Array | null {
  if (isUnfiltered(filters)) return null;
  const titles = titleMask(filters);
  const places = placeMask(filters.person_locations);
  const companies = companyMask(index, filters);
  const keywords = keywordMasks(index, filters);
  const found = new Int32Array(index.count);
  let total = 0;
  const { company, title, place } = index;
  for (let n = 0; n < index.count; n++) {
    const c = company[n] as number;
    const t = title[n] as number;
    if (!companies[c] || !titles[t] || !places[place[n] as number]) continue;
    if (keywords.every((word) => word.titles[t] || word.companies[c])) found[total++] = n;
  }
  return found.slice(0, total);
}

/** Keeps the last few searches' matches, so paging through one search does not scan again. */
export function createSearchCache(index: PeopleIndex, size = 32) {
  const entries = new Map<string, Int32Array | null>();
  return (filters: PeopleFilters): Int32Array | null => {
    const key = JSON.stringify(filters);
    const hit = entries.get(key);
    if (hit !== undefined) {
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const found = matchPeople(index, filters);
    entries.set(key, found);
    if (entries.size > size) entries.delete(entries.keys().next().value as string);
    return found;
  };
}

/** Suggestions for the type-ahead: titles, places or industries containing the text, best first. */
export function suggest(index: PeopleIndex, kind: string, text: string, limit: number) {
  const candidates: { id: string; name: string }[] =
    kind === 'linkedin_industry'
      ? index.industries
      : kind === 'person_title'
        ? TITLES.map(([name]) => ({ id: name, name }))
        : locationNames().map((name) => ({ id: name, name }));
  return candidates
    .map((candidate) => ({ candidate, score: suggestionRank(text, candidate.name) }))
    .filter(
      (entry): entry is { candidate: { id: string; name: string }; score: number } => entry.score !== null,
    )
    .sort((a, b) => a.score - b.score || a.candidate.name.localeCompare(b.candidate.name))
    .slice(0, limit)
    .map((entry) => entry.candidate);
}

let locations: string[] | undefined;
/** Cities, regions and countries, as Apollo's location filter offers them. */
function locationNames(): string[] {
  locations ??= [
    ...new Set(
      PLACES.flatMap((p) => [`${p.city}, ${p.state}, ${p.country}`, `${p.state}, ${p.country}`, p.country]),
    ),
  ];
  return locations;
}
