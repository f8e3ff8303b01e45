import type { V1Page } from '@prospector/contracts';
import { webhookDeliveries, webhookEndpoints, webhookEvents, webhookMessages } from '@prospector/db';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { decodeCursor, keysetPage } from '../public-api/cursor';
import { DELIVERY_NOT_FOUND, ENDPOINT_DISABLED } from './delivery-log';
import { findEndpoint } from './endpoint-store';

/** One event's delivery to one endpoint: its state, its attempts and the last answer it got. */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  /** The body every attempt POSTs: `{type, timestamp, data}`. */
  event: { type: string; timestamp: string; data: unknown };
  status: (typeof webhookMessages.$inferSelect)['state'];
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

/**
 * An endpoint's deliveries newest first (one per event), a page at a time after a cursor (the last one's
 * creation time and id), each with its latest attempt's answer.
 */
export async function listWebhookDeliveriesAfter(
  deps: CoreDeps,
  workspaceId: string,
  endpointId: string,
  query: { cursor?: string; limit: number },
): Promise<V1Page<WebhookDelivery>> {
  await findEndpoint(deps.db, workspaceId, endpointId);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await deliveries(
    deps,
    workspaceId,
    endpointId,
    after
      ? sql`(${webhookMessages.createdAt}, ${webhookMessages.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined,
    query.limit + 1,
  );
  const page = keysetPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { data: page.rows, nextCursor: page.nextCursor };
}

/** The endpoint's deliveries that match `where`, newest first, with their latest attempt. */
async function deliveries(
  deps: CoreDeps,
  workspaceId: string,
  endpointId: string,
  where: SQL | undefined,
  limit: number,
): Promise<WebhookDelivery[]> {
  const rows = await deps.db
    .select({
      id: webhookMessages.id,
      eventId: webhookMessages.eventId,
      eventType: webhookEvents.type,
      occurredAt: webhookEvents.occurredAt,
      data: webhookEvents.data,
      status: webhookMessages.state,
      attempts: webhookMessages.attempts,
      nextAttemptAt: webhookMessages.nextAttemptAt,
      deliveredAt: webhookMessages.deliveredAt,
      createdAt: webhookMessages.createdAt,
    })
    .from(webhookMessages)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookMessages.eventId))
    .where(
      and(eq(webhookMessages.workspaceId, workspaceId), eq(webhookMessages.endpointId, endpointId), where),
    )
    .orderBy(desc(webhookMessages.createdAt), desc(webhookMessages.id))
    .limit(limit);
  const latest = await latestAttempts(
    deps,
    workspaceId,
    rows.map((row) => row.id),
  );
  return rows.map(({ occurredAt, data, ...row }) => {
    const attempt = latest.get(row.id);
    return {
      ...row,
      event: { type: row.eventType, timestamp: occurredAt.toISOString(), data },
      responseStatus: attempt?.statusCode ?? null,
      error: attempt?.error ?? null,
      lastAttemptAt: attempt?.createdAt ?? null,
      nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
    };
  });
}

/** The latest attempt of each of these deliveries. */
async function latestAttempts(deps: CoreDeps, workspaceId: string, messageIds: string[]) {
  if (messageIds.length === 0) return new Map<string, never>();
  const rows = await deps.db
    .selectDistinctOn([webhookDeliveries.messageId], {
      messageId: webhookDeliveries.messageId,
      statusCode: webhookDeliveries.statusCode,
      error: webhookDeliveries.error,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.workspaceId, workspaceId), inArray(webhookDeliveries.messageId, messageIds)),
    )
    .orderBy(webhookDeliveries.messageId, desc(webhookDeliveries.attempt));
  return new Map(rows.map((row) => [row.messageId, row]));
}

/**
 * Queues one more attempt of an endpoint's delivery, now, through the delivery rounds (signed as every
 * delivery is), whatever happened to it before; a disabled endpoint is a 409.
 */
export async function retryWebhookDelivery(
  deps: CoreDeps,
  workspaceId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const [row] = await deps.db
    .select({ enabled: webhookEndpoints.enabled })
    .from(webhookMessages)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
    .where(
      and(
        eq(webhookMessages.id, deliveryId),
        eq(webhookMessages.endpointId, endpointId),
        eq(webhookMessages.workspaceId, workspaceId),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', DELIVERY_NOT_FOUND);
  if (!row.enabled) throw new AppError('CONFLICT', ENDPOINT_DISABLED);
  await deps.db
    .update(webhookMessages)
    .set({ state: 'pending', nextAttemptAt: deps.clock.now(), claimedAt: null })
    .where(and(eq(webhookMessages.id, deliveryId), eq(webhookMessages.workspaceId, workspaceId)));
  return getWebhookDelivery(deps, workspaceId, endpointId, deliveryId);
}

/** One delivery of an endpoint, as its page lists it. */
export async function getWebhookDelivery(
  deps: CoreDeps,
  workspaceId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const [delivery] = await deliveries(deps, workspaceId, endpointId, eq(webhookMessages.id, deliveryId), 1);
  if (!delivery) throw new AppError('NOT_FOUND', DELIVERY_NOT_FOUND);
  return delivery;
}
