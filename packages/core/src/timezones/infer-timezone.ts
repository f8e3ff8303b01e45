import type { TimezoneSource } from '@prospector/contracts';
import cityTimezones from 'city-timezones';
import countriesAndTimezones from 'countries-and-timezones';
import { IANAZone } from 'luxon';

export interface ContactLocation {
  timezone?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
}

export interface ContactTimezone {
  /** The zone the contact's emails are timed in, or null when none is given and none can be told. */
  effectiveTimezone: string | null;
  timezoneSource: TimezoneSource | null;
}

/** Lower case, accents folded, spaces collapsed: "São Paulo " and "sao paulo" are one key. */
function placeKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

interface CityEntry {
  iso2: string;
  province: string;
  timezone: string;
  pop: number;
}

let citiesByName: Map<string, CityEntry[]> | null = null;
let countriesByName: Map<string, string> | null = null;

function cities(): Map<string, CityEntry[]> {
  if (citiesByName) return citiesByName;
  citiesByName = new Map();
  for (const city of cityTimezones.cityMapping) {
    if (!city.timezone) continue;
    const entry = {
      iso2: city.iso2,
      province: placeKey(city.province ?? ''),
      timezone: city.timezone,
      pop: city.pop ?? 0,
    };
    for (const name of new Set([placeKey(city.city), placeKey(city.city_ascii)])) {
      const list = citiesByName.get(name) ?? [];
      list.push(entry);
      citiesByName.set(name, list);
    }
  }
  return citiesByName;
}

/** ISO 3166 alpha-2 codes by code and by English name, with the names people commonly write. */
function countries(): Map<string, string> {
  if (countriesByName) return countriesByName;
  countriesByName = new Map();
  for (const country of Object.values(countriesAndTimezones.getAllCountries())) {
    countriesByName.set(placeKey(country.id), country.id);
    countriesByName.set(placeKey(country.name), country.id);
  }
  for (const [alias, code] of COUNTRY_ALIASES) countriesByName.set(alias, code);
  return countriesByName;
}

const COUNTRY_ALIASES: [string, string][] = [
  ['usa', 'US'],
  ['united states of america', 'US'],
  ['united states', 'US'],
  ['uk', 'GB'],
  ['england', 'GB'],
  ['scotland', 'GB'],
  ['wales', 'GB'],
  ['great britain', 'GB'],
  ['south korea', 'KR'],
  ['korea', 'KR'],
  ['russia', 'RU'],
  ['czech republic', 'CZ'],
  ['uae', 'AE'],
];

export function countryCode(country: string | null | undefined): string | null {
  if (!country?.trim()) return null;
  return countries().get(placeKey(country)) ?? null;
}

/** The one zone all entries agree on, or null when they disagree or there are none. */
function single(zones: Iterable<string>): string | null {
  const set = new Set(zones);
  return set.size === 1 ? [...set][0]! : null;
}

function zoneFromCity(location: ContactLocation, code: string | null): string | null {
  if (!location.city?.trim()) return null;
  let matches = cities().get(placeKey(location.city)) ?? [];
  if (code) matches = matches.filter((city) => city.iso2 === code);
  const state = location.state?.trim() ? placeKey(location.state) : null;
  if (state) {
    const inState = matches.filter((city) => city.province === state);
    if (inState.length > 0) matches = inState;
  }
  return single(matches.map((city) => city.timezone));
}

/** Mid-winter and mid-summer: two zones with the same offsets at both keep the same time. */
const PROBES = [Date.UTC(2026, 0, 15), Date.UTC(2026, 6, 15)];

const clockOf = (zone: string) => PROBES.map((at) => IANAZone.create(zone).offset(at)).join();

function keepSameTime(zones: string[]): boolean {
  return new Set(zones.map(clockOf)).size === 1;
}

/**
 * The share of a country's people one time must keep for the country alone to tell the zone: Spain's
 * peninsular time keeps 96% (the Canaries an hour behind), Brazil's Brasília time 93%, the US's Eastern 44%.
 */
export const COUNTRY_ZONE_SHARE = 0.95;

const dominantZones = new Map<string, string | null>();

/**
 * The zone keeping the time of at least COUNTRY_ZONE_SHARE of the people of the country's cities (in the
 * city list, by population), its most populous zone; null when no time is kept that widely.
 */
function dominantZone(code: string): string | null {
  if (dominantZones.has(code)) return dominantZones.get(code)!;
  const byClock = new Map<string, Map<string, number>>();
  let total = 0;
  for (const list of cities().values()) {
    for (const city of list) {
      if (city.iso2 !== code || city.pop <= 0) continue;
      const zones = byClock.get(clockOf(city.timezone)) ?? new Map<string, number>();
      zones.set(city.timezone, (zones.get(city.timezone) ?? 0) + city.pop);
      byClock.set(clockOf(city.timezone), zones);
      total += city.pop;
    }
  }
  let answer: string | null = null;
  for (const zones of byClock.values()) {
    const people = [...zones.values()].reduce((sum, n) => sum + n, 0);
    if (total > 0 && people >= COUNTRY_ZONE_SHARE * total) {
      answer = [...zones].sort((a, b) => b[1] - a[1])[0]![0];
    }
  }
  dominantZones.set(code, answer);
  return answer;
}

/**
 * The country's zone: its only one, one of several that keep the same time (Germany's Büsingen), or the
 * one that keeps the time of nearly all its people (Spain: Europe/Madrid); none for the US, Canada,
 * Russia, Brazil or Australia, whose people live in several times.
 */
function zoneFromCountry(code: string | null): string | null {
  const zones = code ? (countriesAndTimezones.getCountry(code)?.timezones ?? []) : [];
  if (zones.length === 0) return null;
  if (keepSameTime(zones)) return zones[0]!;
  return dominantZone(code!);
}

const NO_ZONE: ContactTimezone = { effectiveTimezone: null, timezoneSource: null };

/**
 * A place written whole in the city field ("San Francisco, United States", "Lyon, Auvergne, France"): the
 * first part is the city, a later part the country when it names one, another the state. The fields the
 * contact fills itself win.
 */
export function splitPlace(location: ContactLocation): ContactLocation {
  const parts =
    location.city
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean) ?? [];
  if (parts.length < 2) return location;
  const [city, ...rest] = parts;
  const country = rest.findLast((part) => countryCode(part) !== null);
  const state = rest.find((part) => part !== country);
  return {
    ...location,
    city,
    country: location.country?.trim() ? location.country : (country ?? null),
    state: location.state?.trim() ? location.state : (state ?? null),
  };
}

function inferFromPlace(whole: ContactLocation): ContactTimezone {
  const location = splitPlace(whole);
  const code = countryCode(location.country);
  const fromCity = zoneFromCity(location, code);
  if (fromCity) return { effectiveTimezone: fromCity, timezoneSource: 'city' };
  const fromCountry = zoneFromCountry(code);
  if (fromCountry) return { effectiveTimezone: fromCountry, timezoneSource: 'country' };
  return NO_ZONE;
}

const inferred = new Map<string, ContactTimezone>();

/**
 * The contact's zone: the one given, else the one its city tells (narrowed by country and state; "City,
 * Country" in the city field is read as both), else its country's when one zone keeps the time of nearly
 * all its people. A city found in several zones, or a country whose people live in several times and no
 * city, gives no zone rather than a guess. Answers are remembered per place.
 */
export function contactTimezone(location: ContactLocation): ContactTimezone {
  if (location.timezone) return { effectiveTimezone: location.timezone, timezoneSource: 'given' };
  const key = `${location.city ?? ''}\u0000${location.state ?? ''}\u0000${location.country ?? ''}`;
  const known = inferred.get(key);
  if (known) return known;
  const answer = inferFromPlace(location);
  if (inferred.size > 50_000) inferred.clear();
  inferred.set(key, answer);
  return answer;
}
