import { sendPasswordResetEmail } from '../auth/send-password-reset-email';
import type { CoreDeps } from '../deps';
import type { SystemMailer } from '../mail/system-mailer';
import { sendInvitationEmail } from '../workspaces/send-invitation-email';
import { parseSystemEmailJob } from './system-email-job';

export interface SystemEmailDeps extends CoreDeps {
  mailer: SystemMailer;
  /** Public base URL links are built from (APP_URL), never a request's Host header. */
  appUrl: string;
}

/** The worker's handler for one `system-email` job. Throwing lets pg-boss retry it. */
export async function handleSystemEmail(deps: SystemEmailDeps, data: unknown): Promise<void> {
  const job = parseSystemEmailJob(data);
  switch (job.kind) {
    case 'password-reset':
      await sendPasswordResetEmail(deps, job.email);
      return;
    case 'invitation':
      await sendInvitationEmail(deps, job);
      return;
  }
}
