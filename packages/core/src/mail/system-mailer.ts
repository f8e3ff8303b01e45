import { createSmtpMailer } from './smtp-mailer';
import type { SystemMailer } from './system-mail';

export type { InvitationMessage, PasswordResetMessage, SystemMailer } from './system-mail';

/**
 * Without SMTP the link goes to the log, so a person trying the app locally can finish the flow. The line
 * is written exactly as `Password reset link for <email>: <url>` (an invitation: `Invitation link for
 * <email>: <url>`); the browser tests read it from stdout.
 */
export function createLogMailer(writeLine: (line: string) => void): SystemMailer {
  return {
    async sendPasswordReset(message) {
      writeLine(`Password reset link for ${message.to}: ${message.url}`);
    },
    async sendInvitation(message) {
      writeLine(`Invitation link for ${message.to}: ${message.url}`);
    },
  };
}

/** SMTP when SMTP_URL is configured, else the log. */
export function createSystemMailer(options: {
  smtpUrl?: string;
  from: string;
  writeLine: (line: string) => void;
}): SystemMailer {
  return options.smtpUrl
    ? createSmtpMailer({ smtpUrl: options.smtpUrl, from: options.from })
    : createLogMailer(options.writeLine);
}
