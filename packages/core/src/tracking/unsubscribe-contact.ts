import { contacts, emailSends, trackingEvents } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import type { Tx } from '../engine/engine-deps';
import { stopContactEnrolments } from '../engine/stop-enrolments';
import { contactJson } from '../webhooks/event-json';
import { outboxCtes } from '../webhooks/outbox';
import { clip, ipOrNull, isLinkToken } from './link-token';

export const UNSUBSCRIBED_REASON = 'Unsubscribed';

export interface UnsubscribeTarget {
  emailSendId: string;
  userId: string;
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
      userId: emailSends.userId,
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
 * Unsubscribes the contact an email's unsubscribe token names: contact.unsubscribed, one unsubscribe event
 * per email, and every open enrolment of the contact stopped with its scheduled sends cancelled, in one
 * transaction. Idempotent. Returns the target, or null for an unknown token (nothing changes).
 */
export async function unsubscribeContact(
  deps: CoreDeps,
  request: UnsubscribeRequest,
): Promise<UnsubscribeTarget | null> {
  const target = await findUnsubscribeTarget(deps, request.token);
  if (!target) return null;
  const at = deps.clock.now();
  await deps.db.transaction((tx) =>
    unsubscribeInTx(tx, target, at, {
      userAgent: clip(request.userAgent),
      ipAddress: ipOrNull(request.ip),
      rawPayload: { via: request.via },
    }),
  );
  return { ...target, unsubscribed: true };
}

/**
 * The contact unsubscribed, in the caller's transaction: contact.unsubscribed (with its webhook event the
 * first time), one unsubscribe event per email (when the email is known), and every open enrolment stopped
 * with its scheduled sends cancelled.
 */
export async function unsubscribeInTx(
  tx: Tx,
  target: { userId: string; contactId: string; emailSendId: string | null },
  at: Date,
  event: {
    userAgent?: string | null;
    ipAddress?: string | null;
    rawPayload: Record<string, unknown>;
    via?: UnsubscribeVia;
  },
) {
  await setUnsubscribed(tx, target, at, event.via ?? 'link');
  if (target.emailSendId) {
    await tx
      .insert(trackingEvents)
      .values({
        userId: target.userId,
        emailSendId: target.emailSendId,
        contactId: target.contactId,
        type: 'unsubscribe',
        userAgent: event.userAgent ?? null,
        ipAddress: event.ipAddress ?? null,
        rawPayload: event.rawPayload,
        dedupeKey: `unsubscribe:${target.emailSendId}`,
        occurredAt: at,
      })
      .onConflictDoNothing();
  }
  await stopContactEnrolments(tx, {
    userId: target.userId,
    contactId: target.contactId,
    status: 'unsubscribed',
    reason: UNSUBSCRIBED_REASON,
    at,
  });
}

/**
 * The contact becomes unsubscribed and its open enrolments stop, in the caller's transaction; the first
 * time, a `contact.unsubscribed` event goes to the outbox with it.
 */
export async function markUnsubscribed(
  tx: Tx,
  target: { userId: string; contactId: string },
  at: Date,
  via: UnsubscribeVia = 'link',
): Promise<void> {
  await setUnsubscribed(tx, target, at, via);
  await stopContactEnrolments(tx, {
    userId: target.userId,
    contactId: target.contactId,
    status: 'unsubscribed',
    reason: UNSUBSCRIBED_REASON,
    at,
  });
}

export type UnsubscribeVia = 'link' | 'api' | 'complaint' | 'reply';

/** contacts.unsubscribed set, with a `contact.unsubscribed` event the first time, in the caller's transaction. */
export async function setUnsubscribed(
  tx: Tx,
  target: { userId: string; contactId: string },
  at: Date,
  via: UnsubscribeVia,
): Promise<void> {
  const changed = sql`update contacts set unsubscribed = true, updated_at = ${at.toISOString()}::timestamptz
    where id = ${target.contactId}::uuid and user_id = ${target.userId}::uuid and not unsubscribed
    returning *`;
  const source = sql`select c.user_id, 'contact.unsubscribed'::text as type, ${at.toISOString()}::timestamptz as occurred_at,
    jsonb_build_object('contact', ${contactJson('c')}, 'via', ${via}::text) as data from changed c`;
  await tx.execute(sql`with changed as (${changed}), ${outboxCtes(source)} select 1`);
}
