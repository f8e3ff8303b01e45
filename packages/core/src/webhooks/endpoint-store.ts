import { randomBytes } from 'node:crypto';
import type { WebhookEndpointDetail, WebhookEndpointView, WebhookEventType } from '@prospector/contracts';
import { type AppDb, webhookEndpoints } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { decryptSecret, encryptSecret } from '../crypto/secret-box';
import type { CoreDeps } from '../deps';

export const WEBHOOK_NOT_FOUND = 'Webhook endpoint not found';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** A signing secret as Standard Webhooks writes it: `whsec_` and base64 of 24 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function appSecretOf(deps: CoreDeps): string {
  if (!deps.appSecret) throw new Error('APP_SECRET is needed for webhook secrets');
  return deps.appSecret;
}

export const sealSecret = (deps: CoreDeps, secret: string) => encryptSecret(secret, appSecretOf(deps));
export const openSecret = (deps: CoreDeps, sealed: string) => decryptSecret(sealed, appSecretOf(deps));

export async function findEndpoint(db: AppDb, workspaceId: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_NOT_FOUND);
  return row;
}

export function toEndpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toEndpointDetail(deps: CoreDeps, row: EndpointRow): WebhookEndpointDetail {
  const previousValid = row.previousSecretExpiresAt && row.previousSecretExpiresAt > deps.clock.now();
  return {
    ...toEndpointView(row),
    secret: openSecret(deps, row.secret),
    previousSecretExpiresAt: previousValid ? row.previousSecretExpiresAt!.toISOString() : null,
  };
}
