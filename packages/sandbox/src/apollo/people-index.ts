import {
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  FIRST_NAMES,
  HEADCOUNT_BANDS,
  INDUSTRIES,
  LAST_NAMES,
  PLACES,
  TITLES,
} from './catalog';
import { hash32, hashText, hex, weightedPicker } from './seeded';

/** How a person's email shows in search: none at all, locked (revealed through people/match), or visible. */
export const EMAIL_NONE = 0;
export const EMAIL_LOCKED = 1;
export const EMAIL_VISIBLE = 2;

export interface SandboxIndustry {
  id: string;
  name: string;
}

export interface SandboxCompany {
  id: string;
  name: string;
  domain: string;
  industry: number;
  employees: number;
  place: number;
}

/**
 * The generated people database in columns: one typed array per attribute, indexed by person number, so
 * filtering 100,000 people is a scan of a few small arrays. Built once per process and size.
 */
export interface PeopleIndex {
  count: number;
  industries: SandboxIndustry[];
  companies: SandboxCompany[];
  company: Uint32Array;
  title: Uint8Array;
  place: Uint8Array;
  firstName: Uint8Array;
  lastName: Uint8Array;
  emailState: Uint8Array;
  /** 0, or a number appended to the address when two people of a company share a name. */
  emailSuffix: Uint8Array;
}

const PEOPLE_PER_COMPANY = 25;
const SALT = { company: 11, person: 23 } as const;

export const industryId = (index: number, name: string) =>
  `5567cd47${hex(hashText(name), 8)}${hex(index, 4)}0000`;

function buildCompanies(count: number): SandboxCompany[] {
  const pickIndustry = weightedPicker(INDUSTRIES.map(([, weight]) => weight));
  const pickPlace = weightedPicker(PLACES.map((p) => p.weight));
  const pickBand = weightedPicker(HEADCOUNT_BANDS.map(([, , weight]) => weight));
  const companies: SandboxCompany[] = [];
  const perCombo = COMPANY_PREFIXES.length * COMPANY_SUFFIXES.length;
  for (let c = 0; c < count; c++) {
    const prefix = COMPANY_PREFIXES[c % COMPANY_PREFIXES.length] as string;
    const suffix = COMPANY_SUFFIXES[Math.floor(c / COMPANY_PREFIXES.length) % COMPANY_SUFFIXES.length];
    const second = Math.floor(c / perCombo);
    const middle = second > 0 ? ` ${COMPANY_PREFIXES[(c + second) % COMPANY_PREFIXES.length]}` : '';
    const name = `${prefix}${middle} ${suffix}`;
    const h = hash32(c, SALT.company);
    const [min, max] = HEADCOUNT_BANDS[pickBand(hash32(c, SALT.company + 1))] as readonly number[];
    const place = pickPlace(hash32(c, SALT.company + 2));
    const tld = PLACES[place]?.country === 'United Kingdom' ? 'co.uk' : h % 3 === 0 ? 'io' : 'com';
    companies.push({
      id: `5f${hex(h, 6)}${hex(c, 8)}${hex(hash32(c, 5), 8)}`,
      name,
      domain: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.${tld}`,
      industry: pickIndustry(h),
      employees: (min as number) + (hash32(c, SALT.company + 3) % ((max as number) - (min as number) + 1)),
      place,
    });
  }
  return companies;
}

/** Builds the database of `count` people (deterministic: the same count gives the same people). */
export function buildPeopleIndex(count: number): PeopleIndex {
  const companies = buildCompanies(Math.max(1, Math.ceil(count / PEOPLE_PER_COMPANY)));
  // Bigger companies have more people in the database, as in Apollo.
  const pickCompany = weightedPicker(companies.map((c) => Math.ceil(Math.log2(c.employees + 1))));
  const pickTitle = weightedPicker(TITLES.map(([, weight]) => weight));
  const pickPlace = weightedPicker(PLACES.map((p) => p.weight));
  const index: PeopleIndex = {
    count,
    industries: INDUSTRIES.map(([name], i) => ({ id: industryId(i, name), name })),
    companies,
    company: new Uint32Array(count),
    title: new Uint8Array(count),
    place: new Uint8Array(count),
    firstName: new Uint8Array(count),
    lastName: new Uint8Array(count),
    emailState: new Uint8Array(count),
    emailSuffix: new Uint8Array(count),
  };
  const namesAtCompany = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const h = hash32(i, SALT.person);
    const company = pickCompany(h);
    index.company[i] = company;
    index.title[i] = pickTitle(hash32(i, SALT.person + 1));
    const roll = hash32(i, SALT.person + 2);
    // Most people live where their company has its headquarters.
    index.place[i] = roll % 100 < 65 ? (companies[company] as SandboxCompany).place : pickPlace(roll >>> 7);
    const first = hash32(i, SALT.person + 3) % FIRST_NAMES.length;
    const last = hash32(i, SALT.person + 4) % LAST_NAMES.length;
    index.firstName[i] = first;
    index.lastName[i] = last;
    const emailRoll = hash32(i, SALT.person + 5) % 100;
    index.emailState[i] = emailRoll < 7 ? EMAIL_NONE : emailRoll < 22 ? EMAIL_VISIBLE : EMAIL_LOCKED;
    const key = (company * FIRST_NAMES.length + first) * LAST_NAMES.length + last;
    const seen = namesAtCompany.get(key) ?? 0;
    namesAtCompany.set(key, seen + 1);
    index.emailSuffix[i] = Math.min(seen, 255);
  }
  return index;
}

const cache = new Map<number, PeopleIndex>();

/** The database of `count` people, built on first use in this process and kept. */
export function peopleIndex(count: number): PeopleIndex {
  let index = cache.get(count);
  if (!index) {
    index = buildPeopleIndex(count);
    cache.set(count, index);
  }
  return index;
}

/** Apollo-style 24-hex person ids that carry the person's number, so a lookup needs no table. */
export function personId(index: number): string {
  return `6${hex(hash32(index, 77), 7)}${hex(index, 8)}${hex(hash32(index, 78), 8)}`;
}

export function personNumber(id: string, count: number): number | undefined {
  if (!/^[0-9a-f]{24}$/.test(id)) return undefined;
  const n = Number.parseInt(id.slice(8, 16), 16);
  return n < count && personId(n) === id ? n : undefined;
}
