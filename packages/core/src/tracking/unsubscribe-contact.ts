import { contacts, emailSends } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { unsubscribeInTx } from '../contact-state/unsubscribe';
import type { CoreDeps } from '../deps';
import { clip, ipOrNull, isLinkToken } from './link-token';

export interface UnsubscribeTarget {
  emailSendId: string;
  workspaceId: string;
  contactId: string;
  email: string;
  unsubscribed: boolean;
}

/** The email and contact an unsubscribe token belongs to, or null for an unknown token. */
export async function findUnsubscribeTarget(
  deps: CoreDeps,
  token: string,
): Promise<UnsubscribeTarget | null> {
  if (!isLinkToken(token)) return null;
  const [row] = await deps.db
    .select({
      emailSendId: emailSends.id,
      workspaceId: emailSends.workspaceId,
      contactId: emailSends.contactId,
      email: contacts.email,
      unsubscribed: contacts.unsubscribed,
    })
    .from(emailSends)
    .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
    .where(eq(emailSends.unsubscribeToken, token))
    .limit(1);
  return row ?? null;
}

export interface UnsubscribeRequest {
  token: string;
  /** 'one-click' for the RFC 8058 POST a mail client sends, 'page' for the confirm button. */
  via: 'one-click' | 'page';
  userAgent?: string;
  ip?: string;
}

/**
 * The unsubscribe link's door (its page and the one-click POST): the contact the email's token names
 * unsubscribes themselves through the one unsubscribe use case. Idempotent. Returns the target, or null
 * for an unknown token (nothing changes).
 */
export async function unsubscribeContact(
  deps: CoreDeps,
  request: UnsubscribeRequest,
): Promise<UnsubscribeTarget | null> {
  const target = await findUnsubscribeTarget(deps, request.token);
  if (!target) return null;
  const at = deps.clock.now();
  await deps.db.transaction((tx) =>
    unsubscribeInTx(tx, {
      workspaceId: target.workspaceId,
      contactId: target.contactId,
      emailSendId: target.emailSendId,
      source: request.via,
      at,
      userAgent: clip(request.userAgent),
      ipAddress: ipOrNull(request.ip),
    }),
  );
  return { ...target, unsubscribed: true };
}
