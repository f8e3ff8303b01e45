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
}

let citiesByName: Map<string, CityEntry[]> | null = null;
let countriesByName: Map<string, string> | null = null;

function cities(): Map<string, CityEntry[]> {
  if (citiesByName) return citiesByName;
  citiesByName = new Map();
  for (const city of cityTimezones.cityMapping) {
    if (!city.timezone) continue;
    const entry = { iso2: city.iso2, province: placeKey(city.province ?? ''), timezone: city.timezone };
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

function keepSameTime(zones: string[]): boolean {
  const clock = (zone: string) => PROBES.map((at) => IANAZone.create(zone).offset(at)).join();
  return new Set(zones.map(clock)).size === 1;
}

/** The country's zone when it has one, or several that keep the same time (Germany's Büsingen). */
function zoneFromCountry(code: string | null): string | null {
  const zones = code ? (countriesAndTimezones.getCountry(code)?.timezones ?? []) : [];
  return zones.length > 0 && keepSameTime(zones) ? zones[0]! : null;
}

const NO_ZONE: ContactTimezone = { effectiveTimezone: null, timezoneSource: null };

function inferFromPlace(location: ContactLocation): ContactTimezone {
  const code = countryCode(location.country);
  const fromCity = zoneFromCity(location, code);
  if (fromCity) return { effectiveTimezone: fromCity, timezoneSource: 'city' };
  const fromCountry = zoneFromCountry(code);
  if (fromCountry) return { effectiveTimezone: fromCountry, timezoneSource: 'country' };
  return NO_ZONE;
}

const inferred = new Map<string, ContactTimezone>();

/**
 * The contact's zone: the one given, else the one its city tells (narrowed by country and state), else its
 * country's when the country has a single zone. A city found in several zones, or a country with several
 * zones and no city, gives no zone rather than a guess. Answers are remembered per place.
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
