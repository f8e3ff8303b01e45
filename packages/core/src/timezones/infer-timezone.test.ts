import { isTimeZone } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { contactTimezone, countryCode, splitPlace } from './infer-timezone';

describe('contactTimezone', () => {
  it('keeps a given zone whatever the place says', () => {
    expect(contactTimezone({ timezone: 'Asia/Tokyo', city: 'Paris', country: 'France' })).toEqual({
      effectiveTimezone: 'Asia/Tokyo',
      timezoneSource: 'given',
    });
  });

  it('tells the zone from the city, narrowed by country and state, accents folded', () => {
    expect(contactTimezone({ city: 'Paris', country: 'France' }).effectiveTimezone).toBe('Europe/Paris');
    expect(contactTimezone({ city: 'New York', state: 'New York', country: 'US' })).toEqual({
      effectiveTimezone: 'America/New_York',
      timezoneSource: 'city',
    });
    expect(contactTimezone({ city: 'Sao Paulo', country: 'Brazil' }).effectiveTimezone).toBe(
      'America/Sao_Paulo',
    );
    expect(contactTimezone({ city: 'Zürich', country: 'Switzerland' }).effectiveTimezone).toBe(
      'Europe/Zurich',
    );
  });

  it("falls back to a country's only zone", () => {
    expect(contactTimezone({ country: 'Japan' })).toEqual({
      effectiveTimezone: 'Asia/Tokyo',
      timezoneSource: 'country',
    });
    expect(contactTimezone({ city: 'Nowhere-on-Sea', country: 'DE' }).timezoneSource).toBe('country');
  });

  it('gives no zone for a country with several zones and no city, or no place at all', () => {
    expect(contactTimezone({ country: 'United States' })).toEqual({
      effectiveTimezone: null,
      timezoneSource: null,
    });
    expect(contactTimezone({ country: 'Australia' }).effectiveTimezone).toBeNull();
    expect(contactTimezone({}).effectiveTimezone).toBeNull();
  });

  it('reads "City, Country" written whole in the city field', () => {
    expect(contactTimezone({ city: 'San Francisco, United States' })).toEqual({
      effectiveTimezone: 'America/Los_Angeles',
      timezoneSource: 'city',
    });
    expect(contactTimezone({ city: 'Paris, France' }).effectiveTimezone).toBe('Europe/Paris');
    expect(contactTimezone({ city: 'Portland, Oregon, USA' }).effectiveTimezone).toBe('America/Los_Angeles');
    // The country field wins over the one in the city field.
    expect(splitPlace({ city: 'Paris, France', country: 'US' })).toMatchObject({
      city: 'Paris',
      country: 'US',
    });
  });

  it("tells a country's zone when one time is kept by nearly all its people, and only then", () => {
    expect(contactTimezone({ country: 'Spain' })).toEqual({
      effectiveTimezone: 'Europe/Madrid',
      timezoneSource: 'country',
    });
    expect(contactTimezone({ city: 'Sevilla', country: 'Spain' }).effectiveTimezone).toBe('Europe/Madrid');
    expect(contactTimezone({ country: 'Portugal' }).effectiveTimezone).toBe('Europe/Lisbon');
    for (const country of [
      'United States',
      'Canada',
      'Russia',
      'Brazil',
      'Australia',
      'Mexico',
      'Indonesia',
    ]) {
      expect([country, contactTimezone({ country }).effectiveTimezone]).toEqual([country, null]);
    }
  });

  it('does not guess between cities of one name in several zones', () => {
    // Portland, Oregon and Portland, Maine are three hours apart.
    expect(contactTimezone({ city: 'Portland', country: 'US' }).effectiveTimezone).toBeNull();
    expect(contactTimezone({ city: 'Portland', state: 'Oregon', country: 'US' }).effectiveTimezone).toBe(
      'America/Los_Angeles',
    );
  });
});

describe('countryCode and isTimeZone', () => {
  it('reads codes, names and common short names', () => {
    expect(countryCode('usa')).toBe('US');
    expect(countryCode('United Kingdom')).toBe('GB');
    expect(countryCode('fr')).toBe('FR');
    expect(countryCode('Atlantis')).toBeNull();
  });

  it('accepts IANA zones only', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('EST')).toBe(false);
  });
});
