import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { AppError, type Clock } from '@prospector/core';
import { type Database, hitRateLimit, purgeRateLimits } from '@prospector/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../http/error-status';

export interface RateLimitSettings {
  /** Attempts per window per client address and route. */
  max: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { max: 10, windowMs: 60_000 };

const PRUNE_EVERY = 500;

/**
 * A @fastify/rate-limit store over the rate_limit_hits table, so every API process behind a load
 * balancer shares one count. Keys are `<route>|<client ip>`.
 */
function postgresStore(database: Database, clock: Clock) {
  let hits = 0;
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin constructs the root store with its options object; children get a route prefix. */
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    // The plugin passes the window as a third argument that its typings leave out.
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs = DEFAULT_RATE_LIMIT.windowMs,
    ) {
      const now = clock.now();
      if (++hits % PRUNE_EVERY === 0) purgeRateLimits(database, now).catch(() => {});
      hitRateLimit(database, `${this.prefix}${key}`, windowMs, now).then(
        ({ count, resetAt }) =>
          callback(null, { current: count, ttl: Math.max(0, resetAt.getTime() - now.getTime()) }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new PostgresRateLimitStore(`${route?.method ?? ''} ${route?.url ?? ''}|`);
    }
  }
  return PostgresRateLimitStore;
}

/** Registers the plugin with no global limit; routes opt in with `rateLimitedRoute(settings)`. */
export async function registerRateLimit(app: FastifyInstance, database: Database, clock: Clock) {
  await app.register(rateLimit, {
    global: false,
    store: postgresStore(database, clock),
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', MESSAGES.rateLimited),
  });
}

export function rateLimitedRoute(settings: RateLimitSettings) {
  return { config: { rateLimit: { max: settings.max, timeWindow: settings.windowMs } } };
}

/**
 * preHandler (after requireSession) counting attempts per signed-in user, whatever address they come
 * from: a stolen session spread over many addresses still gets `settings.max` a window.
 */
export function perUserRateLimit(
  database: Database,
  clock: Clock,
  name: string,
  settings: RateLimitSettings,
  message: string = MESSAGES.rateLimited,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = request.identity?.userId;
    if (!userId) return;
    const now = clock.now();
    const hit = await hitRateLimit(database, `${name}|user:${userId}`, settings.windowMs, now);
    if (hit.count <= settings.max) return;
    reply.header('retry-after', Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000)));
    throw new AppError('RATE_LIMITED', message);
  };
}
