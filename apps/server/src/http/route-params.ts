import { AppError } from '@prospector/core';
import type { FastifyRequest } from 'fastify';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A Gmail message id (the sandbox Gmail's ids have this shape too). */
export const GMAIL_ID = /^[0-9a-f]{16}$/i;

/**
 * A record id from the path. Ids are uuids (or, given `shape`, Gmail ids): anything else cannot name a
 * record, so it is the same 404 as an unknown or another user's id (and never reaches PostgreSQL as a
 * malformed id, which would be a 500).
 */
export function pathId(request: FastifyRequest, name: string, notFound: string, shape = UUID): string {
  const value = (request.params as Record<string, string | undefined>)[name];
  if (!value || !shape.test(value)) throw new AppError('NOT_FOUND', notFound);
  return value;
}
