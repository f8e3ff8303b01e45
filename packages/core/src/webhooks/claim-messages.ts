import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';

/** A message left in 'sending' this long was abandoned by a worker (killed mid-delivery) and is retried. */
export const WEBHOOK_CLAIM_TIMEOUT_MS = 5 * 60_000;

export interface ClaimedMessage {
  id: string;
  attempt: number;
  eventId: string;
  eventType: string;
  occurredAt: Date;
  data: Record<string, unknown>;
  endpointId: string;
  workspaceId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  failingSince: Date | null;
}

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Messages abandoned in 'sending' go back to 'pending' with their attempt given back. */
export async function reclaimStaleMessages(deps: CoreDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - WEBHOOK_CLAIM_TIMEOUT_MS);
  const rows = await queryRows<{ id: string }>(
    deps.db,
    sql`update webhook_messages set state = 'pending', claimed_at = null, attempts = greatest(attempts - 1, 0)
      where state = 'sending' and claimed_at < ${iso(before)} returning id`,
  );
  return rows.length;
}

/** The most messages of one user a claim takes, so a flood of one user's events waits behind the others'. */
export const WEBHOOK_USER_SHARE = 50;

/**
 * Claims up to `limit` due messages of enabled endpoints, shared between users in turns: every user's
 * oldest due message, then every user's second, and so on, at most `perUser` each; one user's messages
 * (so each endpoint's) oldest event first. A guarded update (`FOR UPDATE SKIP LOCKED` on a materialized
 * pick, so concurrent workers never take the same one) returns what delivering them needs.
 */
export async function claimDueMessages(
  deps: CoreDeps,
  limit: number,
  perUser = WEBHOOK_USER_SHARE,
): Promise<ClaimedMessage[]> {
  const now = deps.clock.now();
  const rows = await queryRows<Record<string, unknown>>(
    deps.db,
    sql`with due as (
        select m.id, m.event_seq, row_number() over (partition by w.workspace_id order by m.event_seq) as turn
        from webhook_messages m join webhook_endpoints w on w.id = m.endpoint_id and w.enabled
        where m.state = 'pending' and m.next_attempt_at <= ${iso(now)}),
      picked as materialized (
        select m.id from webhook_messages m join due on due.id = m.id
        where due.turn <= ${perUser} and m.state = 'pending'
        order by due.turn, due.event_seq limit ${limit} for update of m skip locked),
      claimed as (
        update webhook_messages m set state = 'sending', claimed_at = ${iso(now)}, attempts = m.attempts + 1
        from picked where m.id = picked.id and m.state = 'pending'
        returning m.id, m.attempts, m.event_id, m.endpoint_id, m.event_seq)
      select c.id, c.attempts as attempt, c.event_id, e.type as event_type, e.occurred_at, e.data,
        c.endpoint_id, w.workspace_id, w.url, w.secret, w.previous_secret, w.previous_secret_expires_at, w.failing_since
      from claimed c join webhook_events e on e.id = c.event_id join webhook_endpoints w on w.id = c.endpoint_id
      order by c.event_seq`,
  );
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return rows.map((row) => ({
    id: row.id as string,
    attempt: Number(row.attempt),
    eventId: row.event_id as string,
    eventType: row.event_type as string,
    occurredAt: date(row.occurred_at)!,
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
    endpointId: row.endpoint_id as string,
    workspaceId: row.workspace_id as string,
    url: row.url as string,
    secret: row.secret as string,
    previousSecret: (row.previous_secret as string | null) ?? null,
    previousSecretExpiresAt: date(row.previous_secret_expires_at),
    failingSince: date(row.failing_since),
  }));
}
