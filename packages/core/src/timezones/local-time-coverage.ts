import { type LocalTimeCoverage, UNZONED_LISTED, type UnzonedContact } from '@prospector/contracts';
import { contacts, sequenceContacts } from '@prospector/db';
import countriesAndTimezones from 'countries-and-timezones';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { queryRows } from '../contacts/sql-rows';
import type { Tx } from '../engine/engine-deps';
import { type ContactLocation, contactTimezone, countryCode, splitPlace } from './infer-timezone';

interface PlaceCount {
  timezone: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  n: number;
  /** The place's first contacts, comma separated. */
  first: string;
}

/** "Texas, United States", or null for no place at all. */
function placeText(place: ContactLocation): string | null {
  const parts = [place.city, place.state, place.country].map((part) => part?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The local times `at` reads in every zone of the place's country, earliest and latest; null without one. */
export function localTimeRange(place: ContactLocation, at: Date | null): UnzonedContact['localTime'] {
  const code = countryCode(splitPlace(place).country);
  const zones = code ? (countriesAndTimezones.getCountry(code)?.timezones ?? []) : [];
  if (!at || zones.length === 0) return null;
  const times = zones.map((zone) => DateTime.fromJSDate(at, { zone })).sort((a, b) => a.offset - b.offset);
  return { earliest: times[0]!.toFormat('HH:mm'), latest: times.at(-1)!.toFormat('HH:mm') };
}

/**
 * Of the enrolments this transaction made in a sequence, how many contacts have a zone of their own and
 * how many fall back to the sequence's, naming the first of those with the local time the first email
 * (due `firstSendAt`) would reach them at. Rows this transaction wrote carry its id in `xmin`, which tells
 * them from earlier enrolments made at the same instant. Counted per distinct place, not per contact.
 */
export async function localTimeCoverage(
  tx: Tx,
  workspaceId: string,
  sequenceId: string,
  firstSendAt: Date | null = null,
): Promise<LocalTimeCoverage> {
  const places = await queryRows<PlaceCount>(
    tx,
    sql`select c.timezone, c.city, c.state, c.country, count(*)::int as n,
        array_to_string((array_agg(c.id::text order by c.created_at, c.id))[1:${UNZONED_LISTED}], ',') as first
      from ${sequenceContacts} sc join ${contacts} c on c.workspace_id = sc.workspace_id and c.id = sc.contact_id
      where sc.workspace_id = ${workspaceId} and sc.sequence_id = ${sequenceId} and sc.xmin::text = (txid_current() % 4294967296)::text
      group by 1, 2, 3, 4`,
  );
  const coverage = { recipient: 0, fallback: 0 };
  const unzoned = new Map<string, PlaceCount>();
  for (const place of places) {
    if (contactTimezone(place).effectiveTimezone) {
      coverage.recipient += Number(place.n);
      continue;
    }
    coverage.fallback += Number(place.n);
    for (const id of place.first.split(',')) if (unzoned.size < UNZONED_LISTED) unzoned.set(id, place);
  }
  return { ...coverage, withoutZone: await describeUnzoned(tx, workspaceId, unzoned, firstSendAt) };
}

async function describeUnzoned(
  tx: Tx,
  workspaceId: string,
  unzoned: Map<string, PlaceCount>,
  firstSendAt: Date | null,
): Promise<UnzonedContact[]> {
  if (unzoned.size === 0) return [];
  const rows = await tx
    .select({ id: contacts.id, email: contacts.email, name: contacts.name, createdAt: contacts.createdAt })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.id, [...unzoned.keys()])));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map(({ id, email, name }) => {
      const place = unzoned.get(id)!;
      return { id, email, name, place: placeText(place), localTime: localTimeRange(place, firstSendAt) };
    });
}
