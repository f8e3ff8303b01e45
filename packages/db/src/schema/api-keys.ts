import { index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns';
import { createdBy, ownerId } from './workspaces';

/**
 * Keys for the public API (/api/v1). The key itself is shown once; only its SHA-256 is stored, with a
 * short prefix the settings page shows so a user can tell keys apart. Revoking deletes the row.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    workspaceId: ownerId(),
    createdBy: createdBy(),
    name: text('name').notNull(),
    /** The first characters of the key (`pk_live_ab12`), not enough to use it. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** e.g. 'contacts:read', 'sequences:write'. */
    scopes: text('scopes').array().notNull(),
    lastUsedAt: tstz('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash), index('api_keys_user_idx').on(t.workspaceId)],
);

/**
 * The first answer to a POST sent with an Idempotency-Key, kept 24 hours: the same key and body get the
 * same answer again, the same key with another body is a 409.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    workspaceId: ownerId(),
    /** The API key's id and the Idempotency-Key, so that each API key has keys of its own. */
    key: text('key').notNull(),
    /** SHA-256 of method, path and body. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still being answered. */
    statusCode: smallint('status_code'),
    response: jsonb('response'),
    apiKeyId: uuid('api_key_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key').on(t.workspaceId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
