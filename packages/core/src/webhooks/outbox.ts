import type { WebhookEventType } from '@prospector/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';

export interface OutboxEvent {
  workspaceId: string;
  type: WebhookEventType;
  at: Date;
  data: Record<string, unknown>;
}

/**
 * The statement that writes an event to the outbox together with one pending delivery per enabled
 * endpoint of its user subscribed to its type. Nothing is written when no endpoint listens, so the
 * outbox costs nothing to users without webhooks. Run it in the transaction that makes the change (or
 * embed `outboxSql` in the change's own statement), so the event exists exactly when the change does.
 */
export function outboxSql(events: OutboxEvent[]): SQL {
  const rows = sql.join(
    events.map(
      (event) =>
        sql`(${event.workspaceId}::uuid, ${event.type}::text, ${event.at.toISOString()}::timestamptz, ${JSON.stringify(event.data)}::jsonb)`,
    ),
    sql`, `,
  );
  return outboxFromSelect(sql`select * from (values ${rows}) as v(workspace_id, type, occurred_at, data)`);
}

/** The outbox write for events a query produces: `source` selects (workspace_id, type, occurred_at, data). */
export function outboxFromSelect(source: SQL): SQL {
  return sql`with ${outboxCtes(source)} select 1`;
}

/**
 * The outbox write as common table expressions (no leading `with`), to embed in a statement that changes
 * rows in CTEs of its own, so the events are exactly the rows it changed. `name` keeps two embeddings in
 * one statement apart.
 */
export function outboxCtes(source: SQL, name = 'outbox'): SQL {
  const n = sql.raw(name);
  return sql`${n}_source as (${source}),
    ${n}_listened as (
      select s.* from ${n}_source s
      where exists (select 1 from webhook_endpoints w where w.workspace_id = s.workspace_id and w.enabled
        and s.type = any(w.event_types))),
    ${n}_event as (
      insert into webhook_events (workspace_id, type, occurred_at, data)
      select workspace_id, type, occurred_at, data from ${n}_listened
      returning id, seq, workspace_id, type, occurred_at),
    ${n}_messages as (
      insert into webhook_messages (workspace_id, event_id, endpoint_id, event_seq, next_attempt_at)
      select e.workspace_id, e.id, w.id, e.seq, e.occurred_at from ${n}_event e
      join webhook_endpoints w on w.workspace_id = e.workspace_id and w.enabled and e.type = any(w.event_types)
      returning 1)`;
}

/** Writes events to the outbox in the caller's transaction. */
export async function recordEvents(tx: Pick<Tx, 'execute'>, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(outboxSql(events));
}
