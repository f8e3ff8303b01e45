import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import * as schema from './schema';
import { createTestDatabase } from './testing';

/** The data fix of migration 0013: its last statement. */
const backfill = readFileSync(new URL('../drizzle/0013_unsubscribe-source.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .at(-1)!;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('migration 0013: who unsubscribed the contacts unsubscribed before', () => {
  it("takes the contact's own unsubscribe from the events, else the user's, with its time", async () => {
    const db = database.db;
    const [user] = await db
      .insert(schema.users)
      .values({ email: `backfill-${crypto.randomUUID()}@example.com`, fullName: 'B', passwordHash: 'x' })
      .returning();
    const workspaceId = user!.id;
    const updatedAt = new Date('2026-01-05T00:00:00Z');
    const contact = async (name: string, unsubscribed: boolean) =>
      (
        await db
          .insert(schema.contacts)
          .values({ workspaceId, email: `${name}@example.com`, unsubscribed, updatedAt })
          .returning()
      )[0]!.id;
    const ids = {
      oneClick: await contact('one-click', true),
      complaint: await contact('complaint', true),
      replyAfterApi: await contact('reply', true),
      byHand: await contact('by-hand', true),
      authFailure: await contact('auth-failure', true),
      subscribed: await contact('subscribed', false),
    };
    const event = (contactId: string, type: 'unsubscribe' | 'complaint', at: string, rawPayload: object) =>
      db
        .insert(schema.trackingEvents)
        .values({ workspaceId, contactId, type, rawPayload, occurredAt: new Date(at) });
    await event(ids.oneClick, 'unsubscribe', '2026-01-01T10:00:00Z', { via: 'one-click' });
    await event(ids.complaint, 'complaint', '2026-01-02T10:00:00Z', { feedbackType: 'abuse' });
    await event(ids.replyAfterApi, 'unsubscribe', '2026-01-03T09:00:00Z', {});
    await event(ids.replyAfterApi, 'unsubscribe', '2026-01-03T10:00:00Z', { via: 'reply' });
    await event(ids.authFailure, 'complaint', '2026-01-04T10:00:00Z', { feedbackType: 'auth-failure' });
    // As the contacts stood before the migration.
    await db
      .update(schema.contacts)
      .set({ unsubscribeSource: null, unsubscribedAt: null })
      .where(eq(schema.contacts.workspaceId, workspaceId));

    await database.executeSql(backfill);

    const rows = await db
      .select({
        id: schema.contacts.id,
        source: schema.contacts.unsubscribeSource,
        at: schema.contacts.unsubscribedAt,
      })
      .from(schema.contacts)
      .where(inArray(schema.contacts.id, Object.values(ids)))
      .orderBy(sql`${schema.contacts.email}`);
    const byId = new Map(rows.map((row) => [row.id, [row.source, row.at?.toISOString() ?? null]]));
    expect(Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, byId.get(id)]))).toEqual({
      oneClick: ['one-click', '2026-01-01T10:00:00.000Z'],
      complaint: ['complaint', '2026-01-02T10:00:00.000Z'],
      replyAfterApi: ['reply', '2026-01-03T10:00:00.000Z'],
      byHand: ['user', updatedAt.toISOString()],
      authFailure: ['user', updatedAt.toISOString()],
      subscribed: [null, null],
    });
  });
});
