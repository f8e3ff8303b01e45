import { randomUUID } from 'node:crypto';
import {
  type AppDb,
  contacts,
  type EnrolmentStatus,
  emailSends,
  type SendState,
  sequenceContacts,
  sequenceSteps,
  sequences,
  stepVariants,
} from '@prospector/db';

/** Writes sequences, steps, enrolments and sends directly, so figures can be checked against known rows. */
export function sendingSeeds(db: AppDb, workspaceId: string) {
  let contactCount = 0;
  return {
    async sequence(values: { name?: string; timezone?: string } = {}) {
      const [row] = await db
        .insert(sequences)
        .values({ workspaceId, name: values.name ?? 'Outreach', timezone: values.timezone ?? 'UTC' })
        .returning();
      return row!;
    },
    async step(
      sequenceId: string,
      order: number,
      values: { name?: string; stepType?: 'send_email' | 'wait' } = {},
    ) {
      const [row] = await db
        .insert(sequenceSteps)
        .values({
          workspaceId,
          sequenceId,
          order,
          name: values.name ?? `Step ${order}`,
          stepType: values.stepType,
        })
        .returning();
      return row!;
    },
    async variant(stepId: string, label: string) {
      const [row] = await db.insert(stepVariants).values({ workspaceId, stepId, label }).returning();
      return row!;
    },
    async enrol(sequenceId: string, status: EnrolmentStatus = 'active', email?: string) {
      contactCount += 1;
      const [contact] = await db
        .insert(contacts)
        .values({
          workspaceId,
          email: email ?? `lead-${contactCount}-${randomUUID().slice(0, 8)}@example.com`,
        })
        .returning();
      const [enrolment] = await db
        .insert(sequenceContacts)
        .values({ workspaceId, sequenceId, contactId: contact!.id, status })
        .returning();
      return { contact: contact!, enrolment: enrolment! };
    },
    async send(
      enrolment: { id: string; sequenceId: string; contactId: string },
      values: {
        stepId?: string | null;
        state?: SendState;
        subject?: string;
        scheduledFor?: Date;
        sentAt?: Date | null;
        openedAt?: Date | null;
        clickedAt?: Date | null;
        repliedAt?: Date | null;
        bouncedAt?: Date | null;
        waitingReason?: string | null;
        lastError?: string | null;
        senderAccountId?: string | null;
        variant?: { id: string; label: string } | null;
      } = {},
    ) {
      const state = values.state ?? 'sent';
      const scheduledFor = values.scheduledFor ?? values.sentAt ?? new Date('2025-04-01T09:00:00Z');
      const [row] = await db
        .insert(emailSends)
        .values({
          workspaceId,
          sequenceContactId: enrolment.id,
          sequenceId: enrolment.sequenceId,
          contactId: enrolment.contactId,
          stepId: values.stepId ?? null,
          subject: values.subject ?? 'Hello',
          trackingToken: randomUUID(),
          unsubscribeToken: randomUUID(),
          state,
          scheduledFor,
          sentAt: values.sentAt === undefined ? (state === 'sent' ? scheduledFor : null) : values.sentAt,
          openedAt: values.openedAt ?? null,
          clickedAt: values.clickedAt ?? null,
          repliedAt: values.repliedAt ?? null,
          bouncedAt: values.bouncedAt ?? null,
          waitingReason: values.waitingReason ?? null,
          lastError: values.lastError ?? null,
          senderAccountId: values.senderAccountId ?? null,
          variantId: values.variant?.id ?? null,
          variantLabel: values.variant?.label ?? null,
        })
        .returning();
      return row!;
    },
  };
}
