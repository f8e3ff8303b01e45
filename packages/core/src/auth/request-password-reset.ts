import type { ForgotPasswordInput } from '@prospector/contracts';
import type { JobQueue } from '../deps';
import { SYSTEM_EMAIL_JOB, type SystemEmailJob } from '../jobs/system-email-job';

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, a reset link has been sent.';

/**
 * Records the request as a `system-email` job and nothing else, so the answer, its timing and the work done
 * are the same whether or not the account exists. The worker looks the account up, creates the token and
 * sends the mail (see sendPasswordResetEmail); the plain token never reaches the database or the job table.
 */
export async function requestPasswordReset(
  deps: { queue: JobQueue },
  input: ForgotPasswordInput,
): Promise<{ message: string }> {
  const job: SystemEmailJob = { kind: 'password-reset', email: input.email.trim().toLowerCase() };
  await deps.queue.send(SYSTEM_EMAIL_JOB, job);
  return { message: RESET_REQUESTED_MESSAGE };
}
