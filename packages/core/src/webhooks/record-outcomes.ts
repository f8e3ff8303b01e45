import { webhookDeliveries } from '@prospector/db';
import { sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import type { ClaimedMessage } from './claim-messages';
import type { PostResult } from './post-webhook';
import { FAILING_DISABLE_MS, nextAttemptAt } from './retry-schedule';

export interface AttemptOutcome extends PostResult {
  message: ClaimedMessage;
  ok: boolean;
  at: Date;
  durationMs: number;
}

export const GONE_REASON = 'The receiver answered 410 Gone';
export const FAILING_REASON = 'Every delivery failed for 5 days';

const iso = (date: Date | null) => (date ? sql`${date.toISOString()}::timestamptz` : sql`null::timestamptz`);
const values = (rows: ReturnType<typeof sql>[]) => sql.join(rows, sql`, `);

/**
 * Writes a round's outcomes in one transaction: the attempt log, each message delivered, rescheduled on
 * the retry schedule or failed for good, and each endpoint's health (a success clears its failing time;
 * a 410 or 5 days of failures disable it with the reason shown to the user). Messages not tried (behind a
 * 410) go back as they were.
 */
export async function recordOutcomes(
  deps: CoreDeps,
  outcomes: AttemptOutcome[],
  untried: ClaimedMessage[],
): Promise<void> {
  if (outcomes.length === 0 && untried.length === 0) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (outcomes.length > 0) {
      await tx.insert(webhookDeliveries).values(
        outcomes.map((o) => ({
          workspaceId: o.message.workspaceId,
          messageId: o.message.id,
          endpointId: o.message.endpointId,
          attempt: o.message.attempt,
          statusCode: o.statusCode,
          durationMs: o.durationMs,
          responseSnippet: o.snippet,
          error: o.error,
          createdAt: o.at,
        })),
      );
      const rows = outcomes.map((o) => {
        const next =
          o.ok || o.statusCode === 410 ? null : nextAttemptAt(o.message.attempt, o.at, o.retryAfterMs);
        const state = o.ok ? 'delivered' : next ? 'pending' : 'failed';
        return sql`(${o.message.id}::uuid, ${state}::text, ${iso(next)}, ${iso(o.ok ? o.at : null)})`;
      });
      await tx.execute(sql`update webhook_messages m set state = v.state, claimed_at = null,
          next_attempt_at = coalesce(v.next_at, m.next_attempt_at), delivered_at = v.delivered_at
        from (values ${values(rows)}) as v(id, state, next_at, delivered_at)
        where m.id = v.id and m.state = 'sending'`);
      await updateEndpoints(tx, outcomes, now);
    }
    if (untried.length > 0) {
      const ids = sql.join(
        untried.map((m) => sql`${m.id}::uuid`),
        sql`, `,
      );
      await tx.execute(sql`update webhook_messages set state = 'pending', claimed_at = null,
        attempts = greatest(attempts - 1, 0) where id in (${ids}) and state = 'sending'`);
    }
  });
}

async function updateEndpoints(tx: CoreDeps['db'], outcomes: AttemptOutcome[], now: Date) {
  const health = new Map<string, { lastOk: boolean; gone: boolean }>();
  for (const o of outcomes) {
    const entry = health.get(o.message.endpointId) ?? { lastOk: false, gone: false };
    entry.lastOk = o.ok;
    entry.gone ||= o.statusCode === 410;
    health.set(o.message.endpointId, entry);
  }
  const rows = [...health].map(([id, h]) => sql`(${id}::uuid, ${h.lastOk}::boolean, ${h.gone}::boolean)`);
  const disableBefore = iso(new Date(now.getTime() - FAILING_DISABLE_MS));
  await tx.execute(sql`update webhook_endpoints w set
      failing_since = case when v.ok then null else coalesce(w.failing_since, ${iso(now)}) end,
      enabled = case when v.gone then false
        when not v.ok and coalesce(w.failing_since, ${iso(now)}) <= ${disableBefore} then false else w.enabled end,
      disabled_reason = case when v.gone then ${GONE_REASON}
        when not v.ok and coalesce(w.failing_since, ${iso(now)}) <= ${disableBefore} then ${FAILING_REASON}
        else w.disabled_reason end,
      updated_at = ${iso(now)}
    from (values ${values(rows)}) as v(id, ok, gone) where w.id = v.id`);
}
