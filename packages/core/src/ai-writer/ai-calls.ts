import { createCallGate } from '../limits/call-gate';

/** The AI model's bounds in this process: calls at once, calls waiting, and the Retry-After past them. */
export const AI_CALL_LIMITS = { concurrency: 4, maxWaiting: 8, retryAfterSeconds: 10 } as const;

/** Calls to the AI model per user and minute, the template writer and the answer assistant together. */
export const AI_CALLS_PER_USER = { max: 30, windowMs: 60_000 } as const;

export const AI_BUSY = 'The AI writer is busy with other requests. Please try again in a few seconds.';

/**
 * Every call to the AI model goes through this gate: the model (and the instance's quota on it) is shared
 * by every user, so one user's burst waits behind or is refused, never queues without end.
 */
export const aiCalls = createCallGate({ ...AI_CALL_LIMITS, busyMessage: AI_BUSY });
