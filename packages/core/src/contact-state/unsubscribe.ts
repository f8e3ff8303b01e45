import {
  CONTACT_UNSUBSCRIBE_SOURCES,
  isContactsOwnUnsubscribe,
  type UnsubscribeSource,
} from '@prospector/contracts';
import { trackingEvents } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { Tx } from '../engine/engine-deps';
import { stopContactEnrolments } from '../engine/stop-enrolments';
import { suppressContactAddressInTx } from '../suppressions/suppression-store';
import { contactJson } from '../webhooks/event-json';
import { outboxCtes } from '../webhooks/outbox';

/** The reason an unsubscribe gives the enrolments it stops, unless its door says better. */
export const UNSUBSCRIBED_REASON = 'Unsubscribed';

export interface UnsubscribeChange {
  workspaceId: string;
  contactId: string;
  source: UnsubscribeSource;
  at: Date;
  /** The email it is about (its link, the complaint or the reply about it), when there is one. */
  emailSendId?: string | null;
  /** Why the contact's open enrolments stop (shown on them). */
  reason?: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  /** More for the unsubscribe event's payload (who set an Inbox status). */
  payload?: Record<string, unknown>;
}

/**
 * The one way a contact becomes unsubscribed, whatever the door (the app, the public API, the link and its
 * one-click POST, a complaint, a reply asking so), in the caller's transaction:
 * - the contact is unsubscribed with who did it and when, and a `contact.unsubscribed` webhook event goes
 *   to the outbox, the first time only; an unsubscribe by the contact takes the place of an earlier one by
 *   the user, so it can no longer be undone;
 * - one `unsubscribe` tracking event: per email when the door names one, else once per change;
 * - the contact's own unsubscribe (or complaint) puts the address on the user's suppression list;
 * - every active or paused enrolment of the contact ends `unsubscribed`, its scheduled sends cancelled.
 * Idempotent. Returns whether the contact was subscribed until now.
 */
export async function unsubscribeInTx(tx: Tx, change: UnsubscribeChange): Promise<boolean> {
  const changed = await markUnsubscribed(tx, change);
  if (isContactsOwnUnsubscribe(change.source)) {
    if (!changed) await takeOverSource(tx, change);
    // The address stays suppressed even if the contact is deleted and added again (decision 046).
    await suppressContactAddressInTx(tx, {
      workspaceId: change.workspaceId,
      contactId: change.contactId,
      reason: change.source === 'complaint' ? 'complaint' : 'unsubscribe',
      source: change.source,
      at: change.at,
    });
  }
  if (changed || change.emailSendId) {
    await tx
      .insert(trackingEvents)
      .values({
        workspaceId: change.workspaceId,
        emailSendId: change.emailSendId ?? null,
        contactId: change.contactId,
        type: 'unsubscribe',
        userAgent: change.userAgent ?? null,
        ipAddress: change.ipAddress ?? null,
        rawPayload: { ...change.payload, via: change.source },
        dedupeKey: change.emailSendId ? `unsubscribe:${change.emailSendId}` : null,
        occurredAt: change.at,
      })
      .onConflictDoNothing();
  }
  await stopContactEnrolments(tx, {
    workspaceId: change.workspaceId,
    contactId: change.contactId,
    status: 'unsubscribed',
    reason: change.reason ?? UNSUBSCRIBED_REASON,
    at: change.at,
  });
  return changed;
}

/** contacts.unsubscribed with its source and time, and the webhook event, in one statement; the first time only. */
async function markUnsubscribed(tx: Tx, change: UnsubscribeChange): Promise<boolean> {
  const at = sql`${change.at.toISOString()}::timestamptz`;
  const changed = sql`update contacts
    set unsubscribed = true, unsubscribe_source = ${change.source}, unsubscribed_at = ${at}, updated_at = ${at}
    where id = ${change.contactId}::uuid and workspace_id = ${change.workspaceId}::uuid and not unsubscribed
    returning *`;
  const source = sql`select c.workspace_id, 'contact.unsubscribed'::text as type, ${at} as occurred_at,
    jsonb_build_object('contact', ${contactJson('c')}, 'via', ${change.source}::text) as data from changed c`;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`with changed as (${changed}), ${outboxCtes(source)} select count(*)::int as n from changed`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** A contact who unsubscribes themselves after the user did: the unsubscribe becomes theirs. */
async function takeOverSource(tx: Tx, change: UnsubscribeChange) {
  const own = sql.join(
    CONTACT_UNSUBSCRIBE_SOURCES.map((source) => sql`${source}`),
    sql`, `,
  );
  await tx.execute(sql`update contacts
    set unsubscribe_source = ${change.source}, unsubscribed_at = ${change.at.toISOString()}::timestamptz
    where id = ${change.contactId}::uuid and workspace_id = ${change.workspaceId}::uuid and unsubscribed
      and (unsubscribe_source is null or unsubscribe_source not in (${own}))`);
}
