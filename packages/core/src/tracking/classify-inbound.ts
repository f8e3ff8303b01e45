import { autoReplyReason } from './auto-reply-detection';
import { type Bounce, bounceOf, isComplaint } from './bounce-detection';
import type { InboundMessage } from './inbound-message';

export type InboundKind =
  | { type: 'bounce'; bounce: Bounce }
  | { type: 'complaint' }
  | { type: 'auto_reply'; reason: string }
  | { type: 'reply' }
  /** Written by the mailbox itself (its own address or a send-as alias), or a draft. */
  | { type: 'own' };

/**
 * What an incoming message in a conversation of ours is. Delivery reports come first (a DSN carries
 * Auto-Submitted too), then spam complaints, then automatic replies; anything else a person wrote is a
 * reply. Whether it belongs to one of our emails is decided by the caller (Message-ID or thread).
 */
export function classifyInbound(message: InboundMessage, ownAddresses: string[]): InboundKind {
  if (message.labelIds.some((label) => label === 'SENT' || label === 'DRAFT')) return { type: 'own' };
  const bounce = bounceOf(message);
  if (bounce) return { type: 'bounce', bounce };
  if (isComplaint(message)) return { type: 'complaint' };
  const own = new Set(ownAddresses.map((address) => address.toLowerCase()));
  if (own.has(message.from)) return { type: 'own' };
  const reason = autoReplyReason(message);
  if (reason) return { type: 'auto_reply', reason };
  return { type: 'reply' };
}
