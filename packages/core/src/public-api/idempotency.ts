import { createHash } from 'node:crypto';
import { idempotencyKeys } from '@prospector/db';
import { and, eq, lt } from 'drizzle-orm';
import { AppError } from '../app-error';
import { DAY_MS } from '../clock';
import type { CoreDeps } from '../deps';

export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used with a different request';
export const IDEMPOTENCY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed';
export const IDEMPOTENCY_CREATED_GONE =
  'What the first request with this Idempotency-Key created was deleted since; send it with a new key';

/** Who an Idempotency-Key belongs to: one API key of one user. */
export interface IdempotencyOwner {
  workspaceId: string;
  apiKeyId: string;
}

export type IdempotencyStart =
  | { kind: 'first'; recordId: string }
  | { kind: 'replay'; statusCode: number; response: unknown };

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Claims an Idempotency-Key for a request. The first request with a key records it (unique per API key,
 * before it runs) and runs; a later one with the same request gets the recorded answer, with another
 * request or while the first still runs a 409. Keys are remembered 24 hours.
 */
export async function startIdempotent(
  deps: CoreDeps,
  owner: IdempotencyOwner,
  idempotencyKey: string,
  hash: string,
): Promise<IdempotencyStart> {
  const { workspaceId, apiKeyId } = owner;
  // One API key's records are never another's: its id is part of the unique (user, key) pair.
  const key = `${apiKeyId} ${idempotencyKey}`;
  const now = deps.clock.now();
  await deps.db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.workspaceId, workspaceId),
        eq(idempotencyKeys.key, key),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  const [inserted] = await deps.db
    .insert(idempotencyKeys)
    .values({ workspaceId, apiKeyId, key, requestHash: hash, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (inserted) return { kind: 'first', recordId: inserted.id };
  const [existing] = await deps.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.key, key)));
  if (!existing || existing.requestHash !== hash) throw new AppError('CONFLICT', IDEMPOTENCY_KEY_REUSED);
  if (existing.statusCode === null) throw new AppError('CONFLICT', IDEMPOTENCY_IN_PROGRESS);
  return { kind: 'replay', statusCode: existing.statusCode, response: existing.response };
}

/** Records the answer of the first request; a failed first request frees the key instead (5xx). */
export async function finishIdempotent(
  deps: CoreDeps,
  recordId: string,
  statusCode: number,
  response: unknown,
): Promise<void> {
  if (statusCode >= 500) {
    await deps.db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, recordId));
    return;
  }
  await deps.db
    .update(idempotencyKeys)
    .set({ statusCode, response: response ?? null })
    .where(eq(idempotencyKeys.id, recordId));
}
