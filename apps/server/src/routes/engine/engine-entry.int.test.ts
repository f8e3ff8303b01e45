import { tickEnrolments } from '@prospector/core';
import {
  emailSends,
  gmailAccounts,
  sequenceContacts,
  sequences,
  stepVariantAssignments,
  stepVariants,
} from '@prospector/db';
import { countStatements } from '@prospector/db/testing';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser } from '../../testing/engine-test-kit';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
  env.clock.set(new Date('2025-05-01T09:00:00Z'));
});
afterAll(() => env?.close());

/**
 * A running one-step sequence sending from two mailboxes, with one new enrolment (not yet entered, due
 * now) per contact: `fields` gives each contact's custom fields.
 */
async function newEnrolments(
  u: EngineUser,
  fields: Record<string, string>[],
  subject = 'Hi {{first_name|there}}',
) {
  await connectMailbox(u.browser, `second-${u.workspaceId.slice(0, 8)}@engine-test.example`);
  const boxes = await env.database.db
    .select({ id: gmailAccounts.id })
    .from(gmailAccounts)
    .where(eq(gmailAccounts.workspaceId, u.workspaceId))
    .orderBy(asc(gmailAccounts.createdAt));
  const template = await u.template(subject);
  const sequence = await u.sequence({ status: 'running', senderAccountIds: boxes.map((box) => box.id) });
  const step = await u.step(sequence.id, 1, { templateId: template.id });
  const people = [];
  for (const customFields of fields) people.push(await u.contact({ customFields }));
  await enrolActive(u, sequence.id, people, { nextRunAt: env.clock.now() });
  return { sequence, step, people, boxes };
}

/** Active enrolments of the contacts in the sequence, written straight into the database. */
async function enrolActive(
  u: EngineUser,
  sequenceId: string,
  people: { id: string }[],
  values: Partial<typeof sequenceContacts.$inferInsert>,
) {
  await env.database.db.insert(sequenceContacts).values(
    people.map((contact) => ({
      workspaceId: u.workspaceId,
      sequenceId,
      contactId: contact.id,
      status: 'active' as const,
      ...values,
    })),
  );
}

const enrolmentsOf = (sequenceId: string) =>
  env.database.db.select().from(sequenceContacts).where(eq(sequenceContacts.sequenceId, sequenceId));

describe('entering new enrolments', () => {
  it('enters a batch in the same few statements however many enrolments it holds, as one at a time would', async () => {
    const statements: number[] = [];
    for (const size of [10, 80]) {
      const u = await engineUser(env);
      const { sequence, step, people, boxes } = await newEnrolments(u, Array(size).fill({}));
      const counter = countStatements(env.database);
      expect(await tickEnrolments(u.deps, { sequenceId: sequence.id })).toBe(size);
      counter.stop();
      statements.push(counter.count);

      const enrolments = await enrolmentsOf(sequence.id);
      expect(
        enrolments.every((e) => e.status === 'active' && e.currentStepId === step.id && !e.nextRunAt),
      ).toBe(true);
      // Pinned to the least-loaded mailbox, one at a time: half each.
      for (const box of boxes) {
        expect(enrolments.filter((e) => e.senderAccountId === box.id)).toHaveLength(size / 2);
      }
      const emails = await u.sends(sequence.id);
      expect(emails).toHaveLength(size);
      expect(new Set(emails.map((email) => email.contactId))).toEqual(new Set(people.map((p) => p.id)));
      for (const email of emails) {
        const enrolment = enrolments.find((e) => e.id === email.sequenceContactId);
        expect(email).toMatchObject({
          state: 'scheduled',
          workspaceId: u.workspaceId,
          stepId: step.id,
          senderAccountId: enrolment?.senderAccountId,
          subject: 'Hi there',
          followUp: false,
        });
      }
    }
    // One at a time, each enrolment cost about six statements: 80 took over 400.
    expect(statements[1]).toBeLessThan(40);
    expect(statements[1]).toBeLessThanOrEqual((statements[0] ?? 0) + 2);
  });

  it('draws an A/B step’s variants for the whole batch at once, keeping a choice already stored', async () => {
    const u = await engineUser(env);
    const { sequence, step } = await newEnrolments(u, Array(80).fill({}), 'Plain subject');
    const [a, b] = await env.database.db
      .insert(stepVariants)
      .values([
        {
          workspaceId: u.workspaceId,
          stepId: step.id,
          label: 'A',
          templateId: (await u.template('Subject A')).id,
        },
        {
          workspaceId: u.workspaceId,
          stepId: step.id,
          label: 'B',
          templateId: (await u.template('Subject B')).id,
        },
      ])
      .returning();
    const enrolments = await enrolmentsOf(sequence.id);
    // Ten enrolments were given B already (a reach that was rolled back elsewhere would have stored none).
    const kept = enrolments.slice(0, 10);
    await env.database.db.insert(stepVariantAssignments).values(
      kept.map((e) => ({
        sequenceContactId: e.id,
        stepId: step.id,
        variantId: b!.id,
        workspaceId: u.workspaceId,
      })),
    );
    const counter = countStatements(env.database);
    expect(await tickEnrolments(u.deps, { sequenceId: sequence.id })).toBe(80);
    counter.stop();
    expect(counter.count).toBeLessThan(40);

    const stored = await env.database.db
      .select()
      .from(stepVariantAssignments)
      .where(eq(stepVariantAssignments.stepId, step.id));
    expect(stored).toHaveLength(80);
    const variantOf = new Map(stored.map((row) => [row.sequenceContactId, row.variantId]));
    expect(kept.every((e) => variantOf.get(e.id) === b!.id)).toBe(true);
    const emails = await u.sends(sequence.id);
    expect(emails).toHaveLength(80);
    for (const email of emails) {
      const variant = variantOf.get(email.sequenceContactId) === a!.id ? a! : b!;
      expect(email).toMatchObject({
        variantId: variant.id,
        variantLabel: variant.label,
        subject: `Subject ${variant.label}`,
      });
    }
    expect(emails.filter((email) => email.variantLabel === 'A').length).toBeGreaterThan(10);
  });

  it('balances the mailboxes over every batch of one tick, counting the enrolments they had before', async () => {
    const u = await engineUser(env);
    const { sequence, boxes } = await newEnrolments(u, Array(250).fill({}));
    const [first, second] = boxes;
    // Ten active enrolments of another sequence already send from the first mailbox.
    const earlier = await u.sequence({ status: 'running', senderAccountIds: [first!.id] });
    const busy = [];
    for (let i = 0; i < 10; i++) busy.push(await u.contact());
    await enrolActive(u, earlier.id, busy, { senderAccountId: first!.id });
    expect(await tickEnrolments(u.deps, { sequenceId: sequence.id })).toBe(250);
    const enrolments = await enrolmentsOf(sequence.id);
    expect(enrolments.filter((e) => e.senderAccountId === first!.id)).toHaveLength(120);
    expect(enrolments.filter((e) => e.senderAccountId === second!.id)).toHaveLength(130);
  });

  it('fails the enrolments whose email cannot be rendered, with the reason, and enters the others', async () => {
    const u = await engineUser(env);
    const broken = await newEnrolments(u, Array(3).fill({}));
    const fine = await newEnrolments(u, Array(2).fill({}));
    // A zone the time zone database no longer knows: the send time cannot be worked out.
    await env.database.db
      .update(sequences)
      .set({ timezone: 'Mars/Olympus_Mons' })
      .where(eq(sequences.id, broken.sequence.id));
    expect(await tickEnrolments(u.deps)).toBeGreaterThanOrEqual(5);
    for (const enrolment of await enrolmentsOf(broken.sequence.id)) {
      expect(enrolment).toMatchObject({
        status: 'failed',
        lastError: 'Unknown time zone: Mars/Olympus_Mons',
      });
    }
    expect(await u.sends(broken.sequence.id)).toHaveLength(0);
    expect(
      (await enrolmentsOf(fine.sequence.id)).every((e) => e.status === 'active' && e.currentStepId),
    ).toBe(true);
    expect(await u.sends(fine.sequence.id)).toHaveLength(2);
  });

  it('fails, each on its own, an enrolment missing a value and one whose email cannot be stored', async () => {
    const u = await engineUser(env);
    const { sequence, people } = await newEnrolments(
      u,
      [{ icebreaker: 'Saw your talk' }, {}, { icebreaker: 'Loved the launch' }, { icebreaker: 'Refused' }],
      '{{icebreaker}}',
    );
    const [ok, missing, alsoOk, refused] = people;
    // A failure PostgreSQL raises for one row only, in the middle of the batch's one insert.
    const run = (text: string) => env.database.db.execute(sql.raw(text));
    await run(`create function refuse_email() returns trigger language plpgsql as $$ begin
      if new.contact_id = '${refused?.id}' then raise exception 'refused by the test'; end if; return new; end $$`);
    await run(
      'create trigger refuse_email before insert on email_sends for each row execute function refuse_email()',
    );
    try {
      expect(await tickEnrolments(u.deps, { sequenceId: sequence.id })).toBe(4);
    } finally {
      await run('drop trigger refuse_email on email_sends');
      await run('drop function refuse_email()');
    }
    const enrolments = await enrolmentsOf(sequence.id);
    const of = (contactId?: string) => enrolments.find((e) => e.contactId === contactId);
    expect(of(ok?.id)).toMatchObject({ status: 'active', lastError: null });
    expect(of(alsoOk?.id)).toMatchObject({ status: 'active', lastError: null });
    expect(of(missing?.id)).toMatchObject({ status: 'failed', lastError: 'no value for {{icebreaker}}' });
    // The database's reason, not the statement that failed.
    expect(of(refused?.id)).toMatchObject({ status: 'failed', lastError: 'refused by the test' });
    const emails = await env.database.db
      .select({ contactId: emailSends.contactId, state: emailSends.state, subject: emailSends.subject })
      .from(emailSends)
      .where(eq(emailSends.sequenceId, sequence.id));
    expect(emails).toHaveLength(3);
    expect(emails.find((email) => email.contactId === ok?.id)).toMatchObject({
      state: 'scheduled',
      subject: 'Saw your talk',
    });
    expect(emails.find((email) => email.contactId === missing?.id)?.state).toBe('failed');
    expect(emails.some((email) => email.contactId === refused?.id)).toBe(false);
  });
});
