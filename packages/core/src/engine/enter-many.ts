import { emailSends } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { assignVariants } from '../ab-tests/assign-variant';
import type { VariantRow } from '../ab-tests/variant-store';
import { queryRows } from '../contacts/sql-rows';
import type { BatchCache } from './batch-cache';
import type { EngineDeps, Tx } from './engine-deps';
import type { EnrolmentRow, SequencePlan, StepRow } from './engine-store';
import { type EmailSendValues, endEnrolment, failureReason, planSend } from './reach-step';
import type { PinnedSender } from './sender-pinning';

export const NO_SENDER_TO_ENTER = 'Connect a Gmail account before launching';

/** An enrolment of a tick batch with its sequence's plan and the batch's sender pinner for that sequence. */
export interface DueEnrolment {
  enrolment: EnrolmentRow;
  plan: SequencePlan;
  pin: () => PinnedSender | null;
}

/** What entering one enrolment writes: its sender when pinned now, its first email, and how it fails if it does. */
interface EntryWrites {
  due: DueEnrolment;
  sender: PinnedSender | null;
  email: EmailSendValues | null;
  failure: string | null;
}

/**
 * Rule 2 for many new enrolments at once: those whose first step is an email are drawn their variant when
 * the step has an A/B test (one statement for all), pinned to a mailbox, rendered, and written in two
 * statements (their emails, their cursors), as entering them one at a time would have written them. If
 * those statements fail, each enrolment is written on its own and one that still fails is marked failed
 * with the reason. Returns the enrolments left to be worked one at a time: those past their entry, those
 * with emails already (which do not restart), and those entering another kind of step.
 */
export async function enterMany(
  ctx: { deps: EngineDeps; tx: Tx; cache: BatchCache },
  due: DueEnrolment[],
  now: Date,
): Promise<DueEnrolment[]> {
  const entering = new Set(
    due.filter(
      ({ enrolment, plan }) => enrolment.currentStepId === null && plan.first?.stepType === 'send_email',
    ),
  );
  if (entering.size === 0) return due;
  const started = await enrolmentsWithEmails(
    ctx.tx,
    [...entering].map(({ enrolment }) => enrolment),
  );
  const rest: DueEnrolment[] = [];
  const batched: Entry[] = [];
  for (const entry of due) {
    const step = entry.plan.first;
    if (step && entering.has(entry) && !started.has(entry.enrolment.id)) {
      batched.push({ entry, step, variants: await ctx.cache.variants(step.id) });
    } else rest.push(entry);
  }
  const drawn = await drawVariants(ctx.tx, batched, now);
  rest.push(...drawn.oneByOne);
  const writes: EntryWrites[] = [];
  for (const one of drawn.entries) {
    const variant = drawn.variants.get(one.entry.enrolment.id) ?? null;
    writes.push(await planEntry(ctx, one, variant, now).catch((error) => failedEntry(one.entry, error)));
  }
  if (writes.length === 0) return rest;
  try {
    await ctx.tx.transaction((savepoint) => writeEntries(savepoint, writes, now));
  } catch {
    for (const entry of writes) {
      try {
        await ctx.tx.transaction((savepoint) => writeEntries(savepoint, [entry], now));
      } catch (error) {
        const { enrolment, plan } = entry.due;
        await endEnrolment({ ...ctx, plan, enrolment }, 'failed', now, failureReason(error));
      }
    }
  }
  return rest;
}

type Entry = { entry: DueEnrolment; step: StepRow; variants: VariantRow[] };

/**
 * The variants of the entries whose step has an A/B test, drawn and stored in one statement. If that
 * fails, those entries are left to be worked one at a time (`oneByOne`) and the others go on.
 */
async function drawVariants(tx: Tx, batched: Entry[], now: Date) {
  const tested = batched.filter(({ variants }) => variants.length > 0);
  if (tested.length === 0)
    return { entries: batched, variants: new Map<string, VariantRow | null>(), oneByOne: [] };
  const reaches = tested.map(({ entry, step, variants }) => ({ step, variants, enrolment: entry.enrolment }));
  try {
    const variants = await tx.transaction((savepoint) => assignVariants(savepoint, reaches, now));
    return { entries: batched, variants, oneByOne: [] };
  } catch {
    return {
      entries: batched.filter(({ variants }) => variants.length === 0),
      variants: new Map<string, VariantRow | null>(),
      oneByOne: tested.map(({ entry }) => entry),
    };
  }
}

/** An entry whose rendering threw fails with the reason, as one worked on its own would. */
const failedEntry = (due: DueEnrolment, error: unknown): EntryWrites => ({
  due,
  sender: null,
  email: null,
  failure: failureReason(error),
});

async function planEntry(
  ctx: { deps: EngineDeps; cache: BatchCache },
  { entry, step }: Entry,
  variant: VariantRow | null,
  now: Date,
): Promise<EntryWrites> {
  let enrolment = entry.enrolment;
  let sender: PinnedSender | null = null;
  if (!enrolment.senderAccountId) {
    sender = entry.pin();
    if (!sender) return { due: entry, sender, email: null, failure: NO_SENDER_TO_ENTER };
    enrolment = { ...enrolment, senderAccountId: sender.accountId, sendAsEmail: sender.sendAsEmail };
  }
  const planned = await planSend({ ...ctx, plan: entry.plan, enrolment }, step, {
    at: now,
    dayOffset: step.delayDays,
    variant,
  });
  if ('failure' in planned) return { due: entry, sender, email: null, failure: planned.failure };
  return { due: entry, sender, email: planned.email, failure: planned.unfilled };
}

/**
 * Which of the enrolments have emails already: an enrolment whose current step is gone but which has
 * emails was past its entry, and does not restart. By the enrolments' ids, one index probe each.
 */
export async function enrolmentsWithEmails(tx: Tx, enrolments: EnrolmentRow[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select distinct sequence_contact_id as id from email_sends
      where sequence_contact_id = any(${sql.param(enrolments.map((e) => e.id))}::uuid[])`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * The emails, then each enrolment: its sender when pinned now, its cursor on the first step when an email
 * was stored, no next run, and 'failed' with the reason when it fails (a missing value keeps its failed
 * email, as one at a time).
 */
async function writeEntries(tx: Tx, writes: EntryWrites[], now: Date) {
  if (writes.some(({ email }) => email)) {
    await tx
      .insert(emailSends)
      .values(
        writes.flatMap(({ email, due }) =>
          email ? [{ ...email, workspaceId: due.enrolment.workspaceId }] : [],
        ),
      )
      .onConflictDoNothing();
  }
  const at = now.toISOString();
  await tx.execute(
    sql`update sequence_contacts sc set
        sender_account_id = case when v.pinned then v.sender_account_id else sc.sender_account_id end,
        send_as_email = case when v.pinned then v.send_as_email else sc.send_as_email end,
        current_step_id = coalesce(v.step_id, sc.current_step_id),
        next_run_at = null,
        status = case when v.failure is null then sc.status else 'failed' end,
        completed_at = case when v.failure is null then sc.completed_at else ${at}::timestamptz end,
        last_error = coalesce(v.failure, sc.last_error),
        updated_at = ${at}::timestamptz
      from unnest(${sql.param(writes.map((w) => w.due.enrolment.id))}::uuid[],
          ${sql.param(writes.map((w) => w.due.enrolment.workspaceId))}::uuid[],
          ${sql.param(writes.map((w) => w.sender !== null))}::boolean[],
          ${sql.param(writes.map((w) => w.sender?.accountId ?? null))}::uuid[],
          ${sql.param(writes.map((w) => w.sender?.sendAsEmail ?? null))}::text[],
          ${sql.param(writes.map((w) => (w.email ? (w.email.stepId as string) : null)))}::uuid[],
          ${sql.param(writes.map((w) => w.failure))}::text[])
        as v(id, workspace_id, pinned, sender_account_id, send_as_email, step_id, failure)
      where sc.id = v.id and sc.workspace_id = v.workspace_id`,
  );
}
