import { AppError } from '@prospector/core';
import type { FastifyRequest } from 'fastify';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A record id from the path. Ids are uuids: anything else cannot name a record, so it is the same 404 as
 * an unknown or another user's id (and never reaches PostgreSQL as a malformed uuid, which would be a 500).
 */
export function pathId(request: FastifyRequest, name: string, notFound: string): string {
  const value = (request.params as Record<string, string | undefined>)[name];
  if (!value || !UUID.test(value)) throw new AppError('NOT_FOUND', notFound);
  return value;
}
