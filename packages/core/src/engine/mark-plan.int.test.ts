import { type Database, users } from '@prospector/db';
import { createTestDatabase, genericPlanOf, readsOf, seedEnrolledContacts } from '@prospector/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markSentSql, type SentMark } from './mark-sent';

const NOW = new Date('2026-03-02T10:00:00Z');

describe('marking sends as sent, among many sent before them', () => {
  let database: Database;
  let marks: SentMark[];
  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ email: `${crypto.randomUUID()}@example.com`, fullName: 'Marks', passwordHash: 'x' })
      .returning();
    const run = (text: string, values: unknown[] = [user!.id]) => database.executeSql(text, values);
    await seedEnrolledContacts(database, user!.id, { contacts: 20000 });
    // 20,000 sends of which the last 20 are in flight, each with the quota row its claim took.
    await run(
      `with enrolments as (select e.*, row_number() over (order by e.id) as n from sequence_contacts e
        where e.workspace_id = $1),
      sends as (insert into email_sends (workspace_id, sequence_contact_id, sequence_id, step_id, contact_id,
        template_id, sender_account_id, subject, html_body, plain_text_body, tracking_token, unsubscribe_token,
        message_id, state, scheduled_for, claimed_at, sent_at)
      select $1, e.id, e.sequence_id, st.id, e.contact_id, st.template_id,
        (select id from gmail_accounts where workspace_id = $1), 'Hi', '<p>Hi</p>', 'Hi', gen_random_uuid()::text,
        gen_random_uuid()::text, gen_random_uuid()::text,
        case when e.n > 19980 then 'sending' else 'sent' end, $2::timestamptz - interval '1 day',
        $2::timestamptz - interval '1 minute', case when e.n <= 19980 then $2::timestamptz - interval '1 hour' end
      from enrolments e join sequence_steps st on st.sequence_id = e.sequence_id
      returning id, contact_id, state)
      insert into email_logs (workspace_id, email_send_id, contact_id, status)
      select $1, id, contact_id, case when state = 'sending' then 'queued' else 'sent' end from sends`,
      [user!.id, NOW.toISOString()],
    );
    await database.executeSql('analyze');
    const { rows } = await run(
      `select s.id, s.sequence_contact_id, s.step_id, s.sender_account_id, l.id as log_id
       from email_sends s join email_logs l on l.email_send_id = s.id
       where s.workspace_id = $1 and s.state = 'sending'`,
    );
    marks = rows.map((row) => ({
      send: {
        id: String(row.id),
        sequenceContactId: String(row.sequence_contact_id),
        stepId: String(row.step_id),
        subject: 'Hi',
        messageId: `<${crypto.randomUUID()}@example.com>`,
        reactionWindowHours: 72,
        reactionWindowMinutes: 0,
        workspaceId: user!.id,
        senderAccountId: String(row.sender_account_id),
        logId: String(row.log_id),
      },
      sent: { gmailMessageId: crypto.randomUUID(), threadId: crypto.randomUUID(), sentAt: NOW },
    }));
  });
  afterAll(() => database?.close());

  it('reaches the sends and their quota rows by key in the plan kept for the statement', async () => {
    expect(marks).toHaveLength(20);
    const plan = await genericPlanOf(database.db, markSentSql(NOW, marks));
    expect(readsOf(plan, 'email_sends')).toEqual(['email_sends_pkey']);
    expect(readsOf(plan, 'email_logs')).toEqual(['email_logs_pkey']);
  });
});
