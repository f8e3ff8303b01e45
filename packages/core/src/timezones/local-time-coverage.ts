import type { LocalTimeCoverage } from '@prospector/contracts';
import { contacts, sequenceContacts } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { Tx } from '../engine/engine-deps';
import { contactTimezone } from './infer-timezone';

interface PlaceCount {
  timezone: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  n: number;
}

/**
 * Of the enrolments this transaction made in a sequence, how many contacts have a zone of their own and
 * how many fall back to the sequence's. Rows this transaction wrote carry its id in `xmin`, which tells
 * them from earlier enrolments made at the same instant. Counted per distinct place, not per contact.
 */
export async function localTimeCoverage(tx: Tx, sequenceId: string): Promise<LocalTimeCoverage> {
  const places = await queryRows<PlaceCount>(
    tx,
    sql`select c.timezone, c.city, c.state, c.country, count(*)::int as n
      from ${sequenceContacts} sc join ${contacts} c on c.id = sc.contact_id
      where sc.sequence_id = ${sequenceId} and sc.xmin::text = (txid_current() % 4294967296)::text
      group by 1, 2, 3, 4`,
  );
  const coverage = { recipient: 0, fallback: 0 };
  for (const place of places) {
    if (contactTimezone(place).effectiveTimezone) coverage.recipient += Number(place.n);
    else coverage.fallback += Number(place.n);
  }
  return coverage;
}
