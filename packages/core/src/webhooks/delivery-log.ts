import { WEBHOOK_TEST_EVENT, type WebhookDeliveryView } from '@prospector/contracts';
import { webhookDeliveries, webhookEndpoints, webhookEvents, webhookMessages } from '@prospector/db';
import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findEndpoint } from './endpoint-store';

export const DELIVERY_NOT_FOUND = 'Delivery not found';
export const ENDPOINT_DISABLED = 'This endpoint is disabled; enable it before resending';
/** The most attempts an endpoint's log shows (newest first). */
export const DELIVERY_LOG_LIMIT = 200;

export async function listWebhookDeliveries(
  deps: CoreDeps,
  workspaceId: string,
  endpointId: string,
): Promise<WebhookDeliveryView[]> {
  await findEndpoint(deps.db, workspaceId, endpointId);
  const rows = await deps.db
    .select({
      id: webhookDeliveries.id,
      messageId: webhookDeliveries.messageId,
      eventId: webhookMessages.eventId,
      eventType: webhookEvents.type,
      attempt: webhookDeliveries.attempt,
      statusCode: webhookDeliveries.statusCode,
      durationMs: webhookDeliveries.durationMs,
      responseSnippet: webhookDeliveries.responseSnippet,
      error: webhookDeliveries.error,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookMessages.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.workspaceId, workspaceId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.attempt))
    .limit(DELIVERY_LOG_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** "Send test event": a `webhook.test` event for this endpoint alone, delivered like any other. */
export async function sendTestEvent(deps: CoreDeps, workspaceId: string, endpointId: string) {
  const endpoint = await findEndpoint(deps.db, workspaceId, endpointId);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [event] = await tx
      .insert(webhookEvents)
      .values({
        workspaceId,
        type: WEBHOOK_TEST_EVENT,
        occurredAt: now,
        data: { endpointId: endpoint.id, message: 'This is a test event from Prospector.' },
      })
      .returning({ id: webhookEvents.id, seq: webhookEvents.seq });
    await tx.insert(webhookMessages).values({
      workspaceId,
      eventId: event!.id,
      endpointId: endpoint.id,
      eventSeq: event!.seq,
      nextAttemptAt: now,
      createdAt: now,
    });
    return { eventId: event!.id };
  });
}

/** "Resend": the delivery's event goes to its endpoint again, now, whatever happened to it before. */
export async function resendWebhookDelivery(deps: CoreDeps, workspaceId: string, deliveryId: string) {
  const [row] = await deps.db
    .select({ messageId: webhookDeliveries.messageId, enabled: webhookEndpoints.enabled })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', DELIVERY_NOT_FOUND);
  if (!row.enabled) throw new AppError('CONFLICT', ENDPOINT_DISABLED);
  await deps.db
    .update(webhookMessages)
    .set({ state: 'pending', nextAttemptAt: deps.clock.now(), claimedAt: null })
    .where(eq(webhookMessages.id, row.messageId));
  return { messageId: row.messageId };
}
