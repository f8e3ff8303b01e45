import { jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { ownerId } from './workspaces';

export const INTEGRATION_STATUSES = ['connected', 'disconnected', 'error'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

/**
 * A user's connection to an outside service, one per type ('google', ...). The type is open text: a new
 * integration needs no migration.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    workspaceId: ownerId(),
    type: text('type').notNull(),
    status: text('status', { enum: INTEGRATION_STATUSES }).notNull().default('disconnected'),
    /** AES-256-GCM ciphertext; never sent to the browser. */
    accessToken: text('access_token'),
    /** AES-256-GCM ciphertext; never sent to the browser. */
    refreshToken: text('refresh_token'),
    tokenExpiresAt: tstz('token_expires_at'),
    userEmail: text('user_email'),
    userData: jsonb('user_data').$type<Record<string, unknown>>(),
    scopes: text('scopes').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('integrations_user_type_key').on(t.workspaceId, t.type),
    oneOf('integrations_status_check', t.status, INTEGRATION_STATUSES),
  ],
);
