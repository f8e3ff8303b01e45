import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import * as schema from './schema';
import { createTestDatabase } from './testing';

/** The data fix of migration 0030: its last statement, with the owner column under its later name (0033). */
const backfill = readFileSync(new URL('../drizzle/0030_suppression-list.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .at(-1)!
  .replaceAll('"user_id"', '"workspace_id"');

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('migration 0030: the suppression list starts with what contacts already say', () => {
  it("lists the contacts' own unsubscribes, complaints and hard bounces by address, not the user's own", async () => {
    const db = database.db;
    const [user] = await db
      .insert(schema.users)
      .values({ email: `backfill-${crypto.randomUUID()}@example.com`, fullName: 'B', passwordHash: 'x' })
      .returning();
    const workspaceId = user!.id;
    const updatedAt = new Date('2026-01-05T00:00:00Z');
    const unsubscribedAt = new Date('2026-01-02T10:00:00Z');
    const contact = (email: string, values: Partial<typeof schema.contacts.$inferInsert>) =>
      db.insert(schema.contacts).values({ workspaceId, email, updatedAt, ...values });
    await contact('One.Click@Example.com', {
      unsubscribed: true,
      unsubscribeSource: 'one-click',
      unsubscribedAt,
    });
    await contact('complained@example.com', {
      unsubscribed: true,
      unsubscribeSource: 'complaint',
      unsubscribedAt,
    });
    await contact('both@example.com', {
      unsubscribed: true,
      unsubscribeSource: 'reply',
      unsubscribedAt,
      hardBounced: true,
    });
    await contact('bounced@example.com', { hardBounced: true });
    await contact('by-the-user@example.com', {
      unsubscribed: true,
      unsubscribeSource: 'user',
      unsubscribedAt,
    });
    await contact('subscribed@example.com', {});

    await database.executeSql(backfill);

    const rows = await db
      .select({
        value: schema.suppressions.value,
        kind: schema.suppressions.kind,
        reason: schema.suppressions.reason,
        source: schema.suppressions.source,
        createdAt: schema.suppressions.createdAt,
      })
      .from(schema.suppressions)
      .where(eq(schema.suppressions.workspaceId, workspaceId))
      .orderBy(schema.suppressions.value);
    expect(rows).toEqual([
      {
        value: 'both@example.com',
        kind: 'address',
        reason: 'unsubscribe',
        source: 'reply',
        createdAt: unsubscribedAt,
      },
      {
        value: 'bounced@example.com',
        kind: 'address',
        reason: 'hard-bounce',
        source: 'bounce',
        createdAt: updatedAt,
      },
      {
        value: 'complained@example.com',
        kind: 'address',
        reason: 'complaint',
        source: 'complaint',
        createdAt: unsubscribedAt,
      },
      {
        value: 'one.click@example.com',
        kind: 'address',
        reason: 'unsubscribe',
        source: 'one-click',
        createdAt: unsubscribedAt,
      },
    ]);
    // Run again (a migration retried): nothing twice.
    await database.executeSql(backfill);
    expect(await db.$count(schema.suppressions, eq(schema.suppressions.workspaceId, workspaceId))).toBe(4);
  });
});
