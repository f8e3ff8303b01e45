import { emailSends, personaContacts, personas, sequenceContacts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { assignVariant } from '../ab-tests/assign-variant';
import type { VariantRow } from '../ab-tests/variant-store';
import { nextSendOpportunity, sendTimeFor } from '../schedule/send-time';
import { type ContactLocation, contactTimezone } from '../timezones/infer-timezone';
import { recordEnrolmentCompleted } from '../webhooks/record-event';
import type { BatchCache } from './batch-cache';
import type { EngineDeps, Tx } from './engine-deps';
import type { EnrolmentRow, SequencePlan, StepRow } from './engine-store';
import { renderSend } from './render-send';

/** The most steps one reach may pass through (add-to-list steps chain); targets only point forward. */
const MAX_HOPS = 100;

export interface ReachContext {
  deps: EngineDeps;
  tx: Tx;
  plan: SequencePlan;
  enrolment: EnrolmentRow;
  cache: BatchCache;
}

export type EndStatus = 'completed' | 'replied';

/** The step a wait or add-to-list step continues with, or null for the end of the sequence. */
export function nextActionOf(plan: SequencePlan, step: StepRow): StepRow | null {
  if (step.nextActionType === 'end' || !step.nextActionStepId) return null;
  return plan.steps.get(step.nextActionStepId) ?? null;
}

export async function endEnrolment(
  ctx: ReachContext,
  status: EndStatus | 'failed' | 'stopped',
  at: Date,
  lastError?: string,
) {
  await ctx.tx
    .update(sequenceContacts)
    .set({
      status,
      completedAt: at,
      nextRunAt: null,
      ...(lastError !== undefined && { lastError }),
      updatedAt: ctx.deps.clock.now(),
    })
    .where(eq(sequenceContacts.id, ctx.enrolment.id));
  if (status === 'completed') await recordEnrolmentCompleted(ctx.tx, ctx.enrolment.id, at);
}

/**
 * Why working an enrolment threw, as its last error: the database's own message rather than drizzle's
 * "Failed query: <the statement>" around it.
 */
export function failureReason(error: unknown): string {
  let cause = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return (cause instanceof Error ? cause.message : String(error)).slice(0, 1000);
}

/**
 * Reaches `target` at instant `at` (engine rules 3 and 6). A send step is rendered and stored as a
 * scheduled email at its send time (day offset `dayOffset`, or the step's delayDays when null); a wait
 * step sets when the enrolment is next looked at; an add-to-list step adds the contact to its list and
 * goes on at once. No target ends the enrolment with `endStatus`.
 */
export async function reachStep(
  ctx: ReachContext,
  target: StepRow | null,
  at: Date,
  dayOffset: number | null,
  endStatus: EndStatus = 'completed',
): Promise<void> {
  let step = target;
  let offset = dayOffset;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (!step) return endEnrolment(ctx, endStatus, at);
    if (step.stepType === 'send_email') return scheduleSend(ctx, step, at, offset ?? step.delayDays);
    if (step.stepType === 'wait') return startWait(ctx, step, at);
    await addToList(ctx, step, at);
    step = nextActionOf(ctx.plan, step);
    offset = null;
  }
  return endEnrolment(ctx, 'failed', at, 'The sequence loops through its steps');
}

/** When a wait step reached at `at` ends: hours, or calendar days in the enrolment's zone. */
export function waitEnd(step: StepRow, at: Date, timezone: string): Date {
  const amount = Math.max(0, step.waitValue ?? 0);
  return step.waitUnit === 'hours'
    ? new Date(at.getTime() + amount * 3_600_000)
    : DateTime.fromJSDate(at, { zone: timezone }).plus({ days: amount }).toJSDate();
}

/**
 * The recipient's zone when the sequence sends at each recipient's local time and the contact has one;
 * null means the sequence's own zone applies.
 */
export function recipientZone(sequence: SequencePlan['sequence'], contact: ContactLocation): string | null {
  return sequence.useRecipientTimezone ? contactTimezone(contact).effectiveTimezone : null;
}

/**
 * When a send step reached at `reachedAt` sends to this contact, and in which recipient zone (null: the
 * sequence's). An out-of-office reply's later return date moves it to the next send time after that date.
 */
export function stepSendTime(input: {
  sequence: SequencePlan['sequence'];
  step: StepRow;
  contact: ContactLocation;
  reachedAt: Date;
  dayOffset: number;
  away: Date | null;
}): { scheduledFor: Date; recipientTimezone: string | null } {
  const { sequence, step, away } = input;
  const recipientTimezone = recipientZone(sequence, input.contact);
  const timing = {
    hour: step.sendHour,
    minute: step.sendMinute,
    timezone: recipientTimezone ?? sequence.timezone,
    skipWeekends: sequence.skipWeekends || step.skipWeekends,
  };
  const planned = sendTimeFor({ reachedAt: input.reachedAt, dayOffset: input.dayOffset, ...timing });
  const scheduledFor = away && away > planned ? nextSendOpportunity({ after: away, ...timing }) : planned;
  return { scheduledFor, recipientTimezone };
}

async function enrolmentZone(ctx: ReachContext): Promise<string> {
  if (!ctx.plan.sequence.useRecipientTimezone) return ctx.plan.sequence.timezone;
  const contact = await ctx.cache.contact(ctx.enrolment.contactId);
  return (contact && recipientZone(ctx.plan.sequence, contact)) ?? ctx.plan.sequence.timezone;
}

async function startWait(ctx: ReachContext, step: StepRow, at: Date) {
  await moveCursor(ctx, step.id, waitEnd(step, at, await enrolmentZone(ctx)));
}

async function moveCursor(ctx: ReachContext, stepId: string, nextRunAt: Date | null) {
  await ctx.tx
    .update(sequenceContacts)
    .set({ currentStepId: stepId, nextRunAt, updatedAt: ctx.deps.clock.now() })
    .where(eq(sequenceContacts.id, ctx.enrolment.id));
  ctx.enrolment = { ...ctx.enrolment, currentStepId: stepId, nextRunAt };
}

async function addToList(ctx: ReachContext, step: StepRow, at: Date) {
  if (!step.personaId) return;
  const { workspaceId, contactId } = ctx.enrolment;
  const [list] = await ctx.tx
    .select({ id: personas.id })
    .from(personas)
    .where(and(eq(personas.id, step.personaId), eq(personas.workspaceId, workspaceId)));
  if (!list) return;
  await ctx.tx
    .insert(personaContacts)
    .values({ personaId: list.id, contactId, workspaceId, createdAt: at })
    .onConflictDoNothing();
}

async function scheduleSend(ctx: ReachContext, step: StepRow, at: Date, dayOffset: number) {
  const variant = await assignVariant(ctx.tx, step, await ctx.cache.variants(step.id), ctx.enrolment, at);
  const planned = await planSend(ctx, step, { at, dayOffset, variant });
  if ('failure' in planned) return endEnrolment(ctx, 'failed', at, planned.failure);
  await ctx.tx
    .insert(emailSends)
    .values({ ...planned.email, workspaceId: ctx.enrolment.workspaceId })
    .onConflictDoNothing();
  await moveCursor(ctx, step.id, null);
  // A variable without a value is never sent as a gap: the email is failed, retried once the contact has it.
  if (planned.unfilled) await endEnrolment(ctx, 'failed', at, planned.unfilled);
}

/** An email to store, but for its owner, which the statement that stores it names. */
export type EmailSendValues = Omit<typeof emailSends.$inferInsert, 'workspaceId'>;

/**
 * What reaching a send step stores, without storing it: the email rendered for the enrolment's contact at
 * its send time (failed, with `unfilled` saying why, when a variable has no value), or why the enrolment
 * fails instead (no template, no contact).
 */
export type PlannedSend = { email: EmailSendValues; unfilled: string | null } | { failure: string };

export async function planSend(
  ctx: Omit<ReachContext, 'tx'>,
  step: StepRow,
  reach: { at: Date; dayOffset: number; variant: VariantRow | null },
): Promise<PlannedSend> {
  const { enrolment, plan } = ctx;
  const { at, variant } = reach;
  const templateId = variant ? variant.templateId : step.templateId;
  const template = templateId ? await ctx.cache.template(templateId) : undefined;
  if (!template) return { failure: `Step "${step.name}" has no template` };
  const contact = await ctx.cache.contact(enrolment.contactId);
  if (!contact) return { failure: 'The contact no longer exists' };
  const mailboxEmail = enrolment.senderAccountId
    ? await ctx.cache.mailboxEmail(enrolment.senderAccountId)
    : undefined;
  // A pinned mailbox that was removed leaves the email scheduled without a sender: it waits ('No mailbox
  // to send from') until the user moves the enrolment to another mailbox of the sequence.
  const senderAddress =
    enrolment.sendAsEmail ?? mailboxEmail ?? `unassigned@${new URL(ctx.deps.appUrl).hostname}`;
  const threaded = step.threadWithPrevious && enrolment.threadSubject !== null;
  const { unfilled, ...rendered } = renderSend({
    template,
    contact,
    senderAddress,
    senderName: enrolment.senderAccountId ? await ctx.cache.mailboxName(enrolment.senderAccountId) : null,
    enrolmentId: enrolment.id,
    stepId: step.id,
    appUrl: ctx.deps.appUrl,
    tracking: {
      trackOpens: plan.sequence.trackOpens,
      trackClicks: plan.sequence.trackClicks,
      appSecret: ctx.deps.appSecret,
    },
    thread: {
      subject: threaded ? enrolment.threadSubject : null,
      inReplyTo: threaded ? (enrolment.threadMessageIds.at(-1) ?? null) : null,
    },
    now: ctx.deps.clock.now(),
  });
  const { scheduledFor, recipientTimezone } = stepSendTime({
    sequence: plan.sequence,
    step,
    contact,
    reachedAt: at,
    dayOffset: reach.dayOffset,
    away: enrolment.outOfOfficeUntil,
  });
  const now = ctx.deps.clock.now();
  const email: EmailSendValues = {
    sequenceContactId: enrolment.id,
    sequenceId: enrolment.sequenceId,
    stepId: step.id,
    contactId: enrolment.contactId,
    templateId: template.id,
    variantId: variant?.id ?? null,
    variantLabel: variant?.label ?? null,
    senderAccountId: enrolment.senderAccountId,
    sendAsEmail: enrolment.sendAsEmail,
    followUp: enrolment.threadMessageIds.length > 0,
    ...rendered,
    ...(unfilled ? { state: 'failed' as const, lastError: unfilled } : { state: 'scheduled' as const }),
    scheduledFor,
    recipientTimezone,
    createdAt: now,
    updatedAt: now,
  };
  return { email, unfilled };
}
