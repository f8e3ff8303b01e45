/// <reference path="./freemail.d.ts" />
import { contacts, emailSends, sequenceContacts } from '@prospector/db';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import freemail from 'freemail';
import { getContactSettings } from '../settings/contact-settings';
import type { Tx } from './engine-deps';
import type { ReachContext } from './reach-step';

/**
 * Decision 021, after a reply was taken in the caller's transaction: nobody who answered is emailed by
 * another sequence (the contact's other active or paused enrolments stop, unless the user's setting says
 * otherwise), and in a sequence that stops companies on reply, the replier's colleagues (same email
 * domain, never a free-mail domain such as gmail.com) stop in this sequence.
 */
export async function stopOthersAfterReply(ctx: ReachContext, at: Date): Promise<void> {
  const { tx, enrolment, plan } = ctx;
  const settings = await getContactSettings({ ...ctx.deps, db: tx }, enrolment.workspaceId);
  if (settings.stopAllSequencesOnReply) {
    const others = await tx
      .select({ id: sequenceContacts.id })
      .from(sequenceContacts)
      .where(
        and(
          eq(sequenceContacts.workspaceId, enrolment.workspaceId),
          eq(sequenceContacts.contactId, enrolment.contactId),
          ne(sequenceContacts.id, enrolment.id),
          inArray(sequenceContacts.status, ['active', 'paused']),
        ),
      );
    const reason = `Replied to the sequence "${plan.sequence.name}"`;
    await stopEnrolments(
      tx,
      others.map((row) => row.id),
      reason,
      at,
    );
  }
  if (plan.sequence.stopCompanyOnReply) await stopColleagues(ctx, at);
}

/** The part of an address after its last @, in lower case; null when there is none. */
export const emailDomain = (email: string) => {
  const at = email.lastIndexOf('@');
  return at < 0
    ? null
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase() || null;
};

/** A company's own domain: not a free or disposable mail provider's (a maintained list, freemail). */
export const isCompanyDomain = (domain: string) => !freemail.isFree(domain);

async function stopColleagues(ctx: ReachContext, at: Date) {
  const { tx, enrolment, plan } = ctx;
  const [replier] = await tx
    .select({ email: contacts.email })
    .from(contacts)
    .where(eq(contacts.id, enrolment.contactId));
  const domain = replier ? emailDomain(replier.email) : null;
  if (!domain || !isCompanyDomain(domain)) return;
  const colleagues = await tx
    .select({ id: sequenceContacts.id })
    .from(sequenceContacts)
    .innerJoin(contacts, eq(contacts.id, sequenceContacts.contactId))
    .where(
      and(
        eq(sequenceContacts.sequenceId, plan.sequence.id),
        ne(sequenceContacts.id, enrolment.id),
        inArray(sequenceContacts.status, ['active', 'paused']),
        sql`lower(split_part(trim(${contacts.email}), '@', 2)) = ${domain}`,
      ),
    );
  await stopEnrolments(
    tx,
    colleagues.map((row) => row.id),
    `A colleague at ${domain} replied`,
    at,
  );
}

/** Stops the enrolments (status stopped, with the reason) and cancels their scheduled emails. */
async function stopEnrolments(tx: Tx, ids: string[], reason: string, at: Date) {
  if (ids.length === 0) return;
  await tx
    .update(sequenceContacts)
    .set({ status: 'stopped', completedAt: at, lastError: reason, nextRunAt: null, updatedAt: at })
    .where(and(inArray(sequenceContacts.id, ids), inArray(sequenceContacts.status, ['active', 'paused'])));
  await tx
    .update(emailSends)
    .set({ state: 'cancelled', waitingReason: null, lastError: reason, updatedAt: at })
    .where(and(inArray(emailSends.sequenceContactId, ids), eq(emailSends.state, 'scheduled')));
}
