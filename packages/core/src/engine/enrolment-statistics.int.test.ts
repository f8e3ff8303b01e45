import { type Database, users } from '@prospector/db';
import { createTestDatabase, seedOwnedGraph } from '@prospector/db/testing';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../contacts/sql-rows';
import { BULK_ENROLMENT, refreshEnrolmentStatistics } from './enrol-in-sequence';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('refreshEnrolmentStatistics', () => {
  it("refreshes the planner's count of enrolments after a bulk enrolment, and only then", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: 'stats@example.com', fullName: 'Stats', passwordHash: 'x' })
      .returning();
    await seedOwnedGraph(db, user!.id);
    const plannerCount = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            db,
            sql`select reltuples::int as n from pg_class where relname = 'sequence_contacts'`,
          )
        )[0]?.n,
      );
    const before = await plannerCount();
    expect(before).not.toBe(1);
    await refreshEnrolmentStatistics(db, BULK_ENROLMENT - 1);
    expect(await plannerCount()).toBe(before);
    await refreshEnrolmentStatistics(db, BULK_ENROLMENT);
    expect(await plannerCount()).toBe(1);
  });
});
