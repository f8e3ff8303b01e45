// `npm run bench:time-zones`: the engine's cost of timing sends at each recipient's local time. For one million
// enrolments, the send time of a step is computed with the engine's own stepSendTime (the contact's zone,
// told from its given zone or its city, then the step's local time there), once with every contact in one
// zone and once spread over 300 zones; the ratio says whether the cost grows with the number of zones.
import { stepSendTime } from '@prospector/core';
import cityTimezones from 'city-timezones';

const ENROLMENTS = Number(process.env.BENCH_ENROLMENTS ?? 1_000_000);
const ZONES = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const zones = Intl.supportedValuesOf('timeZone')
  .filter((zone) => zone.includes('/'))
  .slice(0, ZONES);
// Cities with an unambiguous zone, one per distinct zone where possible, for the inference path.
const cities = [...new Map(cityTimezones.cityMapping.map((c) => [c.timezone, c])).values()].slice(0, ZONES);

const sequence = { timezone: 'UTC', skipWeekends: true, useRecipientTimezone: true };
const step = { sendHour: 9, sendMinute: 30, skipWeekends: false };
const start = Date.UTC(2026, 2, 1);

type Contact = { timezone: string | null; city: string | null; country: string | null };

function contactsFor(kind: 'given' | 'city', spread: number): Contact[] {
  return Array.from({ length: ENROLMENTS }, (_, i) => {
    if (kind === 'given') return { timezone: zones[i % spread]!, city: null, country: null };
    const city = cities[i % spread]!;
    return { timezone: null, city: city.city, country: city.iso2 };
  });
}

function run(contacts: Contact[]): number {
  const began = performance.now();
  let checksum = 0;
  for (let i = 0; i < contacts.length; i++) {
    const { scheduledFor } = stepSendTime({
      // biome-ignore lint/suspicious/noExplicitAny: the bench passes only the fields the timing reads.
      sequence: sequence as any,
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      step: step as any,
      contact: contacts[i]!,
      reachedAt: new Date(start + (i % 86_400) * 60_000),
      dayOffset: i % 3,
      away: null,
    });
    checksum += scheduledFor.getTime() % 7;
  }
  if (checksum < 0) throw new Error('unreachable');
  return performance.now() - began;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const results = [];
for (const kind of ['given', 'city'] as const) {
  const one = contactsFor(kind, 1);
  const many = contactsFor(kind, kind === 'city' ? cities.length : zones.length);
  run(one.slice(0, 50_000));
  run(many.slice(0, 50_000));
  const oneMs: number[] = [];
  const manyMs: number[] = [];
  // Alternated, so load on the shared machine falls on both alike.
  for (let r = 0; r < RUNS; r++) {
    oneMs.push(run(one));
    manyMs.push(run(many));
  }
  results.push({
    zoneFrom: kind,
    enrolments: ENROLMENTS,
    distinctZones: kind === 'city' ? cities.length : zones.length,
    oneZoneMs: Math.round(median(oneMs)),
    manyZonesMs: Math.round(median(manyMs)),
    perEnrolmentMicros: Number(((median(manyMs) * 1000) / ENROLMENTS).toFixed(2)),
    ratio: Number((median(manyMs) / median(oneMs)).toFixed(2)),
  });
}
console.log(JSON.stringify({ bench: 'time-zones', runs: RUNS, results }, null, 2));
