import type { WebhookEndpointDetail, WebhookEndpointView, WebhookEventType } from '@prospector/contracts';
import { type AppDb, webhookEndpoints } from '@prospector/db';
import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { DAY_MS } from '../clock';
import type { CoreDeps } from '../deps';
import { isUuid } from '../mailboxes/account-store';
import { type Actor, recordActivityBy } from '../workspaces/actor';
import {
  findEndpoint,
  newSigningSecret,
  sealSecret,
  toEndpointDetail,
  toEndpointView,
  WEBHOOK_NOT_FOUND,
} from './endpoint-store';
import { checkWebhookUrl } from './url-guard';

const allowPrivate = (deps: CoreDeps) => deps.webhooks?.allowPrivateUrls ?? false;

export async function createWebhookEndpoint(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  input: { url: string; eventTypes: WebhookEventType[]; description: string | null },
): Promise<WebhookEndpointDetail> {
  await checkWebhookUrl(input.url, allowPrivate(deps));
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        workspaceId,
        url: input.url,
        description: input.description,
        eventTypes: input.eventTypes,
        secret: sealSecret(deps, newSigningSecret()),
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordEndpointActivity(tx, now, actor, created!, 'webhook.created');
    return created!;
  });
  return toEndpointDetail(deps, row);
}

function recordEndpointActivity(
  tx: AppDb,
  at: Date,
  actor: Actor,
  endpoint: { id: string; workspaceId: string; url: string },
  action: 'webhook.created' | 'webhook.deleted',
) {
  return recordActivityBy(tx, at, actor, {
    workspaceId: endpoint.workspaceId,
    action,
    subjectType: 'webhook',
    subjectId: endpoint.id,
    subjectName: endpoint.url,
  });
}

export async function listWebhookEndpoints(
  deps: CoreDeps,
  workspaceId: string,
): Promise<WebhookEndpointView[]> {
  const rows = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toEndpointView);
}

export async function getWebhookEndpoint(deps: CoreDeps, workspaceId: string, id: string) {
  return toEndpointDetail(deps, await findEndpoint(deps.db, workspaceId, id));
}

/** Whether the user still has this endpoint (an id that is not a UUID is simply not found). */
export async function webhookEndpointExists(
  deps: CoreDeps,
  workspaceId: string,
  id: unknown,
): Promise<boolean> {
  if (typeof id !== 'string' || !isUuid(id)) return false;
  const [row] = await deps.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Changes an endpoint. A new URL is checked like a new endpoint's; enabling clears the reason the system
 * disabled it; `rotateSecret` issues a new secret and keeps the old one signing for 24 hours.
 */
export async function updateWebhookEndpoint(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  input: {
    url?: string;
    eventTypes?: WebhookEventType[];
    description?: string | null;
    enabled?: boolean;
    rotateSecret?: true;
  },
): Promise<WebhookEndpointDetail> {
  const current = await findEndpoint(deps.db, workspaceId, id);
  if (input.url !== undefined && input.url !== current.url)
    await checkWebhookUrl(input.url, allowPrivate(deps));
  const now = deps.clock.now();
  const { rotateSecret, ...fields } = input;
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      ...fields,
      ...(input.enabled === true && { disabledReason: null, failingSince: null }),
      ...(rotateSecret && {
        secret: sealSecret(deps, newSigningSecret()),
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(now.getTime() + DAY_MS),
      }),
      updatedAt: now,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_NOT_FOUND);
  return toEndpointDetail(deps, row);
}

export async function deleteWebhookEndpoint(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
      .returning({
        id: webhookEndpoints.id,
        workspaceId: webhookEndpoints.workspaceId,
        url: webhookEndpoints.url,
      });
    if (!deleted) throw new AppError('NOT_FOUND', WEBHOOK_NOT_FOUND);
    await recordEndpointActivity(tx, deps.clock.now(), actor, deleted, 'webhook.deleted');
  });
}
