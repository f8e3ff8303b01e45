/**
 * Amazon SES notifications delivered by email (an SNS topic subscribed with a mailbox): a JSON body with
 * notificationType Bounce or Complaint (lhost-amazonses-09, lhost-amazonses-11), bare or inside SNS's
 * envelope (lhost-amazonses-10). Fields are read by
 * pattern, not JSON.parse: mail transport may have broken the long line (lhost-amazonses-09 has a '!' and a
 * line break in the middle of it).
 */
export interface ProviderNotification {
  type: 'bounce' | 'complaint';
  recipient: string | null;
  status: string | null;
  diagnostic: string | null;
  feedbackType: string | null;
}

/** A string field, also inside SNS's envelope where the notification is an escaped JSON string. */
const field = (json: string, name: string) =>
  new RegExp(`\\\\?"${name}\\\\?"\\s*:\\s*\\\\?"([^"\\\\]*)\\\\?"`).exec(json)?.[1] ?? null;

export function providerNotificationOf(text: string): ProviderNotification | null {
  const json = text.trimStart();
  if (!json.startsWith('{')) return null;
  const type = field(json, 'notificationType');
  if (type !== 'Bounce' && type !== 'Complaint') return null;
  return {
    type: type === 'Bounce' ? 'bounce' : 'complaint',
    recipient: field(json, 'emailAddress')?.toLowerCase() ?? null,
    status: field(json, 'status'),
    diagnostic: field(json, 'diagnosticCode')?.replace(/^smtp;\s*/i, '') ?? null,
    feedbackType: field(json, 'complaintFeedbackType'),
  };
}
