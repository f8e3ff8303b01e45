import type { contacts, emailSends, templates } from '@prospector/db';
import { renderContactOf, unfilledReason } from '../rendering/contact-of-row';
import { renderTemplate } from '../rendering/render-template';
import { spinSeedOf } from '../rendering/spintax';
import { withTracking } from '../tracking/email-tracking';
import { unsubscribeUrl } from '../tracking/tracking-urls';
import type { EngineDeps } from './engine-deps';

/** A stored send with what rendering it again needs: its contact, template, mailbox and sequence switches. */
export interface StoredSendSources {
  send: Pick<
    typeof emailSends.$inferSelect,
    'unsubscribeToken' | 'trackingToken' | 'inReplyTo' | 'sendAsEmail' | 'sequenceContactId' | 'stepId'
  >;
  contact: typeof contacts.$inferSelect;
  template: typeof templates.$inferSelect;
  senderName: string | null;
  senderEmail: string | null;
  trackOpens: boolean;
  trackClicks: boolean;
}

/**
 * A scheduled or failed send rendered again from its template and contact as they are now, with its own
 * tokens and spintax seed, so the new copy differs only where the template or the contact changed. A
 * follow-up in a thread keeps its 'Re: ' subject (`subject` null). `unfilled` says which variable has no value.
 */
export function renderStoredSend(deps: Pick<EngineDeps, 'appUrl' | 'appSecret'>, row: StoredSendSources) {
  const { send } = row;
  const unsubscribe = unsubscribeUrl(deps.appUrl, send.unsubscribeToken);
  const rendered = renderTemplate(row.template, renderContactOf(row.contact), {
    unsubscribeUrl: unsubscribe,
    sender: { name: row.senderName, email: send.sendAsEmail ?? row.senderEmail },
    spinSeed: spinSeedOf(send.sequenceContactId ?? '', send.stepId ?? ''),
    customKeys: 'any',
  });
  const tracked = withTracking(rendered, {
    trackOpens: row.trackOpens,
    trackClicks: row.trackClicks,
    appUrl: deps.appUrl,
    appSecret: deps.appSecret,
    trackingToken: send.trackingToken,
    unsubscribeUrl: unsubscribe,
  });
  return {
    subject: send.inReplyTo === null ? rendered.subject : null,
    htmlBody: tracked.html,
    plainTextBody: tracked.text,
    unfilled: unfilledReason(rendered),
  };
}
