import { randomBytes } from 'node:crypto';
import type { contacts } from '@prospector/db';
import { newMessageId } from '../mail/build-message';
import { renderContactOf, unfilledReason } from '../rendering/contact-of-row';
import { type RenderContact, renderTemplate } from '../rendering/render-template';
import { spinSeedOf } from '../rendering/spintax';
import type { TemplateRow } from '../templates/template-store';
import { type TrackingSwitches, withTracking } from '../tracking/email-tracking';
import { unsubscribeUrl } from '../tracking/tracking-urls';

type ContactRow = typeof contacts.$inferSelect;

/** An unguessable token for a tracking or unsubscribe link. */
export const newLinkToken = () => randomBytes(24).toString('base64url');

export interface ThreadContext {
  /** The subject of the enrolment's first sent email, when there is one and this email joins its thread. */
  subject: string | null;
  /** The Message-ID this email answers. */
  inReplyTo: string | null;
}

export { renderContactOf };

/**
 * The stored form of one sequence email: rendered for the contact with its own unsubscribe URL, and the
 * open pixel and click redirects its sequence's switches ask for, with a Message-ID generated now (so it is known before any Gmail call). A follow-up in the thread
 * takes 'Re: ' + the first email's subject.
 */
export function renderSend(input: RenderSendInput & { contact: ContactRow }) {
  return renderSendFor({ ...input, contact: renderContactOf(input.contact) });
}

interface RenderSendInput {
  template: TemplateRow;
  senderAddress: string;
  senderName: string | null;
  /** The enrolment and step: the spintax picks' seed. */
  enrolmentId: string;
  stepId: string;
  appUrl: string;
  /** The sequence's tracking switches, and APP_SECRET to sign click links with. */
  tracking: TrackingSwitches & { appSecret?: string };
  thread: ThreadContext;
  now: Date;
  /** The open pixel's and the unsubscribe link's tokens; new unguessable ones unless given. */
  linkTokens?: { tracking: string; unsubscribe: string };
}

/** renderSend for a contact's render values: the email check renders made-up sample values this way. */
export function renderSendFor(input: RenderSendInput & { contact: RenderContact }) {
  const trackingToken = input.linkTokens?.tracking ?? newLinkToken();
  const unsubscribeToken = input.linkTokens?.unsubscribe ?? newLinkToken();
  const unsubscribe = unsubscribeUrl(input.appUrl, unsubscribeToken);
  const rendered = renderTemplate(input.template, input.contact, {
    unsubscribeUrl: unsubscribe,
    sender: { name: input.senderName, email: input.senderAddress },
    spinSeed: spinSeedOf(input.enrolmentId, input.stepId),
    customKeys: 'any',
  });
  const tracked = withTracking(rendered, {
    ...input.tracking,
    appUrl: input.appUrl,
    trackingToken,
    unsubscribeUrl: unsubscribe,
  });
  return {
    subject: input.thread.subject === null ? rendered.subject : `Re: ${input.thread.subject}`,
    htmlBody: tracked.html,
    plainTextBody: tracked.text,
    trackingToken,
    unsubscribeToken,
    messageId: newMessageId(input.senderAddress, input.now),
    inReplyTo: input.thread.inReplyTo,
    /** Set when a variable has no value and no fallback: the email is stored failed, never sent with a gap. */
    unfilled: unfilledReason(rendered),
  };
}
