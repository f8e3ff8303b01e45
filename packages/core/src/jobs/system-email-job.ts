/** pg-boss queue for mail the system sends on its own behalf (not campaign mail). */
export const SYSTEM_EMAIL_JOB = 'system-email';

export type SystemEmailJob = { kind: 'password-reset'; email: string };

/** Job data comes back from the database as plain JSON; anything else is a bug, not a retry. */
export function parseSystemEmailJob(data: unknown): SystemEmailJob {
  const value = data as Partial<SystemEmailJob> | null;
  if (value?.kind === 'password-reset' && typeof value.email === 'string') {
    return { kind: 'password-reset', email: value.email };
  }
  throw new Error(`Unknown system-email job: ${JSON.stringify(data)?.slice(0, 200)}`);
}
