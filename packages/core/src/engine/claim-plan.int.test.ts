import { type Database, users } from '@prospector/db';
import { createTestDatabase, planOf, readsOf, seedEnrolledContacts } from '@prospector/db/testing';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../contacts/sql-rows';
import { pickDueSendsSql, readyMailboxesSql } from './claim-sends';

const NOW = new Date('2026-03-02T10:00:00Z');

describe("a mailbox's claim, among many other sends", () => {
  let database: Database;
  let quiet: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ email: `${crypto.randomUUID()}@example.com`, fullName: 'Claims', passwordHash: 'x' })
      .returning();
    const owner = [user!.id];
    const run = (text: string, values: unknown[] = owner) => database.executeSql(text, values);
    // Forty mailboxes with 500 due sends and 500 sent each, and a quiet one with 50 due.
    await seedEnrolledContacts(database, user!.id, { mailboxes: 41, steps: 3, contacts: 20000 });
    await run(
      `with enrolments as (select e.*, row_number() over (order by e.id) as n from sequence_contacts e
        where e.workspace_id = $1)
      insert into email_sends (workspace_id, sequence_contact_id, sequence_id, step_id, contact_id, template_id,
        sender_account_id, subject, html_body, plain_text_body, tracking_token, unsubscribe_token, message_id,
        state, scheduled_for, sent_at)
      select $1, e.id, e.sequence_id, st.id, e.contact_id, st.template_id,
        (select id from gmail_accounts where google_user_id = 'box' || case when st.step_order = 3 then 0 else 1 + e.n % 40 end),
        'Hi', '<p>Hi</p>', 'Hi', gen_random_uuid()::text, gen_random_uuid()::text, gen_random_uuid()::text,
        case when st.step_order = 2 then 'sent' else 'scheduled' end,
        $2::timestamptz - interval '1 minute',
        case when st.step_order = 2 then $2::timestamptz - interval '1 day' end
      from enrolments e join sequence_steps st on st.sequence_id = e.sequence_id
      where st.step_order < 3 or e.n <= 50`,
      [...owner, NOW.toISOString()],
    );
    await database.executeSql('analyze');
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from gmail_accounts where google_user_id = 'box0'`,
    );
    quiet = row!.id;
  });
  afterAll(() => database?.close());

  const readsOfSends = async (query: SQL) => readsOf(await planOf(database.db, query), 'email_sends');

  it("reads only the mailbox's scheduled sends, neither the other mailbox's nor its own sent ones", async () => {
    expect(await readsOfSends(pickDueSendsSql(quiet, NOW, 100))).toEqual(['email_sends_mailbox_due_idx']);
    const picked = await queryRows<{ id: string }>(database.db, pickDueSendsSql(quiet, NOW, 100));
    expect(picked).toHaveLength(50);
  });

  it('finds the ready mailboxes with one probe of each mailbox’s scheduled sends', async () => {
    expect(await readsOfSends(readyMailboxesSql(NOW))).toEqual(['email_sends_mailbox_due_idx']);
    const ready = await queryRows<{ id: string }>(database.db, readyMailboxesSql(NOW));
    expect(ready).toHaveLength(41);
  });
});
