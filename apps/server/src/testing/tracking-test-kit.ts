import { randomBytes, randomUUID } from 'node:crypto';
import { type EngineDeps, openPixelUrl, sendEmail, unsubscribeUrl } from '@prospector/core';
import {
  contacts,
  emailSends,
  gmailAccounts,
  sequenceContacts,
  sequenceSteps,
  sequences,
} from '@prospector/db';
import { eq } from 'drizzle-orm';
import { connectMailbox, type MailboxApp } from './gmail-test-kit';

const token = () => randomBytes(24).toString('base64url');

/** A signed-up user with a connected sandbox mailbox, on the listening test app. */
export async function trackingUser(
  env: MailboxApp,
  mailbox = `seller-${randomUUID().slice(0, 8)}@tracking-test.example`,
) {
  const browser = env.browser();
  const user = await browser.signUp();
  await connectMailbox(browser, mailbox);
  const [account] = await env.database.db
    .select()
    .from(gmailAccounts)
    .where(eq(gmailAccounts.workspaceId, user.id));
  const deps: EngineDeps = { ...env.core, appUrl: env.appUrl };
  return { browser, workspaceId: user.id, account: account!, deps };
}
export type TrackingUser = Awaited<ReturnType<typeof trackingUser>>;

/**
 * A two-step sequence with one enrolled contact whose step 1 email really went out through the sandbox
 * Gmail (with its pixel and unsubscribe link) and whose step 2 email is scheduled.
 */
export async function sentSequenceEmail(env: MailboxApp, user: TrackingUser, contactEmail?: string) {
  const db = env.database.db;
  const now = env.clock.now();
  const [sequence] = await db
    .insert(sequences)
    .values({ workspaceId: user.workspaceId, name: 'Q4 outreach' })
    .returning();
  const [step1] = await db
    .insert(sequenceSteps)
    .values({ workspaceId: user.workspaceId, sequenceId: sequence!.id, order: 1, name: 'Intro' })
    .returning();
  const [step2] = await db
    .insert(sequenceSteps)
    .values({ workspaceId: user.workspaceId, sequenceId: sequence!.id, order: 2, name: 'Follow-up' })
    .returning();
  const [contact] = await db
    .insert(contacts)
    .values({
      workspaceId: user.workspaceId,
      email: contactEmail ?? `lead-${randomUUID().slice(0, 8)}@prospect.example`,
      firstName: 'Jamie',
    })
    .returning();
  const [enrolment] = await db
    .insert(sequenceContacts)
    .values({
      workspaceId: user.workspaceId,
      sequenceId: sequence!.id,
      contactId: contact!.id,
      currentStepId: step1!.id,
      senderAccountId: user.account.id,
    })
    .returning();
  const trackingToken = token();
  const unsubscribeToken = token();
  const html = `<p>Hi Jamie</p><img src="${openPixelUrl(env.appUrl, trackingToken)}" width="1" height="1" alt="">`;
  const sent = await sendEmail(env.core, {
    workspaceId: user.workspaceId,
    senderAccountId: user.account.id,
    to: contact!.email,
    subject: 'Quick question',
    html,
    text: 'Hi Jamie',
    unsubscribeUrl: unsubscribeUrl(env.appUrl, unsubscribeToken),
  });
  const common = {
    workspaceId: user.workspaceId,
    sequenceContactId: enrolment!.id,
    sequenceId: sequence!.id,
    contactId: contact!.id,
    senderAccountId: user.account.id,
  };
  const [first] = await db
    .insert(emailSends)
    .values({
      ...common,
      stepId: step1!.id,
      subject: 'Quick question',
      htmlBody: html,
      trackingToken,
      unsubscribeToken,
      state: 'sent',
      scheduledFor: now,
      sentAt: now,
      messageId: sent.messageId,
      gmailMessageId: sent.gmailMessageId,
      gmailThreadId: sent.threadId,
    })
    .returning();
  const [followUp] = await db
    .insert(emailSends)
    .values({
      ...common,
      stepId: step2!.id,
      subject: 'Re: Quick question',
      trackingToken: token(),
      unsubscribeToken: token(),
      state: 'scheduled',
      scheduledFor: new Date(now.getTime() + 3 * 24 * 3600_000),
    })
    .returning();
  return {
    sequence: sequence!,
    contact: contact!,
    enrolment: enrolment!,
    first: first!,
    followUp: followUp!,
  };
}
export type SentSequenceEmail = Awaited<ReturnType<typeof sentSequenceEmail>>;

/** Reads back the rows tracking changes. */
export async function stateOf(env: MailboxApp, seeded: SentSequenceEmail) {
  const db = env.database.db;
  const [contact] = await db.select().from(contacts).where(eq(contacts.id, seeded.contact.id));
  const [enrolment] = await db
    .select()
    .from(sequenceContacts)
    .where(eq(sequenceContacts.id, seeded.enrolment.id));
  const [first] = await db.select().from(emailSends).where(eq(emailSends.id, seeded.first.id));
  const [followUp] = await db.select().from(emailSends).where(eq(emailSends.id, seeded.followUp.id));
  return { contact: contact!, enrolment: enrolment!, first: first!, followUp: followUp! };
}
