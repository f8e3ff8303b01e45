/** pg-boss queue for mail the system sends on its own behalf (not campaign mail). */
export const SYSTEM_EMAIL_JOB = 'system-email';

/**
 * An invitation's token must reach the worker to be mailed, but never the job table in the clear: it travels
 * encrypted with APP_SECRET (`sealedToken`).
 */
export type SystemEmailJob =
  | { kind: 'password-reset'; email: string }
  | { kind: 'invitation'; invitationId: string; sealedToken: string };

/** Job data comes back from the database as plain JSON; anything else is a bug, not a retry. */
export function parseSystemEmailJob(data: unknown): SystemEmailJob {
  const value = data as Record<string, unknown> | null;
  if (value?.kind === 'password-reset' && typeof value.email === 'string') {
    return { kind: 'password-reset', email: value.email };
  }
  if (
    value?.kind === 'invitation' &&
    typeof value.invitationId === 'string' &&
    typeof value.sealedToken === 'string'
  ) {
    return { kind: 'invitation', invitationId: value.invitationId, sealedToken: value.sealedToken };
  }
  throw new Error(`Unknown system-email job: ${JSON.stringify(data)?.slice(0, 200)}`);
}
