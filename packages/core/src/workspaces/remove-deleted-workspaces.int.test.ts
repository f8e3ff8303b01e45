import { type Database, users } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDeletedWorkspaces } from './remove-deleted-workspaces';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** A person, and with them (the database's trigger) a workspace with the person's id. */
async function newWorkspace(): Promise<string> {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.com`, fullName: 'Owner', passwordHash: 'x' })
    .returning();
  return user!.id;
}

const sql = (text: string, params: unknown[] = []) => database.executeSql(text, params);

/** Two of everything the removal walks through: sends, their events, the inbox, webhooks. */
async function seed(ws: string) {
  await sql(
    `with s as (insert into sequences (workspace_id, name) values ($1, 'Seq') returning id),
       c as (insert into contacts (workspace_id, email) values ($1, gen_random_uuid() || '@example.com'),
               ($1, gen_random_uuid() || '@example.com') returning id),
       e as (insert into sequence_contacts (workspace_id, sequence_id, contact_id)
               select $1, s.id, c.id from s, c returning id, sequence_id, contact_id),
       sends as (insert into email_sends (workspace_id, sequence_id, sequence_contact_id, contact_id,
               unsubscribe_token, tracking_token, scheduled_for)
               select $1, sequence_id, id, contact_id, gen_random_uuid(), gen_random_uuid(), now() from e
               returning id, contact_id),
       t as (insert into tracking_events (workspace_id, type, email_send_id, contact_id)
               select $1, 'open', id, contact_id from sends returning id),
       l as (insert into email_logs (workspace_id, email_send_id, contact_id)
               select $1, id, contact_id from sends returning id),
       conv as (insert into inbox_conversations (workspace_id, tab, gmail_thread_id, last_message_at, email_send_id)
               select $1, 'people', gen_random_uuid()::text, now(), id from sends returning id),
       m as (insert into inbox_messages (workspace_id, conversation_id, direction, sent_at)
               select $1, id, 'in', now() from conv returning id)
     insert into inbox_drafts (workspace_id, conversation_id, subject, text_body, html_body, language,
       duration_ms, prompt_version, model, origin)
     select $1, id, 'Re', 'Hi', '<p>Hi</p>', 'en', 1, 'v1', 'm', 'user' from conv`,
    [ws],
  );
  await sql(
    `with ep as (insert into webhook_endpoints (workspace_id, url, event_types, secret)
               values ($1, 'https://hooks.example.com', '{email.sent}', 's') returning id),
       ev as (insert into webhook_events (workspace_id, type, data, occurred_at)
               values ($1, 'email.sent', '{}', now()), ($1, 'email.sent', '{}', now()) returning id, seq),
       msg as (insert into webhook_messages (workspace_id, endpoint_id, event_id, event_seq, next_attempt_at)
               select $1, ep.id, ev.id, ev.seq, now() from ep, ev returning id, endpoint_id)
     insert into webhook_deliveries (workspace_id, message_id, endpoint_id, attempt, duration_ms)
     select $1, id, endpoint_id, 1, 10 from msg`,
    [ws],
  );
}

const TABLES = [
  'inbox_drafts',
  'inbox_messages',
  'inbox_conversations',
  'tracking_events',
  'email_logs',
  'webhook_deliveries',
  'webhook_messages',
  'webhook_events',
  'webhook_endpoints',
  'email_sends',
  'sequence_contacts',
  'sequences',
  'contacts',
  'workspace_members',
];

async function counts(ws: string) {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql(`select count(*)::int as n from ${table} where workspace_id = $1`, [ws]);
    out[table] = Number((rows[0] as { n: number }).n);
  }
  return out;
}

describe('removing deleted workspaces', () => {
  it('removes every record of a deleted workspace a batch at a time, and only its own', async () => {
    const deleted = await newWorkspace();
    const kept = await newWorkspace();
    await seed(deleted);
    await seed(kept);
    const before = await counts(kept);
    expect(Object.values(await counts(deleted)).every((n) => n > 0)).toBe(true);
    await sql('update workspaces set deleted_at = now() where id = $1', [deleted]);

    // Two rows of each of the ten seeded tables the removal walks; webhook messages go with their events,
    // endpoints, sequences and members with the workspace.
    expect(await removeDeletedWorkspaces({ db: database.db }, { batch: 1 })).toBe(20);
    expect(Object.values(await counts(deleted)).every((n) => n === 0)).toBe(true);
    expect((await sql('select 1 from workspaces where id = $1', [deleted])).rows).toEqual([]);
    expect(await counts(kept)).toEqual(before);
    expect(await removeDeletedWorkspaces({ db: database.db })).toBe(0);
  });

  it('leaves workspaces that are not deleted alone', async () => {
    const ws = await newWorkspace();
    await seed(ws);
    const before = await counts(ws);
    expect(await removeDeletedWorkspaces({ db: database.db })).toBe(0);
    expect(await counts(ws)).toEqual(before);
  });
});
