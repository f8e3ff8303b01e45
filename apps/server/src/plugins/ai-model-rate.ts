import { AI_CALLS_PER_USER } from '@prospector/core';
import type { RouteContext } from '../http/route-context';
import { perUserRateLimit } from './rate-limit';

export const AI_RATE_LIMITED = 'Too many AI requests. Please wait a minute and try again.';

/** preHandler (after requireSession): the template writer and the answer assistant share one count per user. */
export function aiModelRate(ctx: RouteContext) {
  return perUserRateLimit(ctx.database, ctx.core.clock, 'ai-model', AI_CALLS_PER_USER, AI_RATE_LIMITED);
}
