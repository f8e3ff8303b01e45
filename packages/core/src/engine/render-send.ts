import { randomBytes } from 'node:crypto';
import type { contacts } from '@prospector/db';
import { newMessageId } from '../mail/build-message';
import { renderTemplate } from '../rendering/render-template';
import type { TemplateRow } from '../templates/template-store';
import { openPixelUrl, unsubscribeUrl } from '../tracking/tracking-urls';

type ContactRow = typeof contacts.$inferSelect;

/** An unguessable token for a tracking or unsubscribe link. */
export const newLinkToken = () => randomBytes(24).toString('base64url');

/** The contact as the renderer sees it: a name that is just the address counts as no name ('there'). */
export function renderContactOf(contact: ContactRow) {
  const email = contact.email.trim().toLowerCase();
  const nameIsAddress = (value: string | null) => (value ?? '').trim().toLowerCase() === email;
  return {
    firstName: nameIsAddress(contact.firstName) ? null : contact.firstName,
    lastName: contact.lastName,
    name: nameIsAddress(contact.name) ? null : contact.name,
    email: contact.email,
  };
}

/** The 1x1 open pixel, appended at the end of the body (before </body> when there is one). */
export function withOpenPixel(html: string, pixelUrl: string): string {
  const pixel = `<img src="${pixelUrl}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
  const close = html.search(/<\/body\s*>/i);
  return close === -1 ? `${html}${pixel}` : `${html.slice(0, close)}${pixel}${html.slice(close)}`;
}

export interface ThreadContext {
  /** The subject of the enrolment's first sent email, when there is one and this email joins its thread. */
  subject: string | null;
  /** The Message-ID this email answers. */
  inReplyTo: string | null;
}

/**
 * The stored form of one sequence email: rendered for the contact with its own unsubscribe URL and open
 * pixel, with a Message-ID generated now (so it is known before any Gmail call). A follow-up in the thread
 * takes 'Re: ' + the first email's subject.
 */
export function renderSend(input: {
  template: TemplateRow;
  contact: ContactRow;
  senderAddress: string;
  appUrl: string;
  thread: ThreadContext;
  now: Date;
}) {
  const trackingToken = newLinkToken();
  const unsubscribeToken = newLinkToken();
  const rendered = renderTemplate(input.template, renderContactOf(input.contact), {
    unsubscribeUrl: unsubscribeUrl(input.appUrl, unsubscribeToken),
  });
  return {
    subject: input.thread.subject === null ? rendered.subject : `Re: ${input.thread.subject}`,
    htmlBody: withOpenPixel(rendered.html, openPixelUrl(input.appUrl, trackingToken)),
    plainTextBody: rendered.text,
    trackingToken,
    unsubscribeToken,
    messageId: newMessageId(input.senderAddress, input.now),
    inReplyTo: input.thread.inReplyTo,
  };
}
