import nodemailer from 'nodemailer';
import { composeInvitationEmail } from './invitation-email';
import { composePasswordResetEmail } from './password-reset-email';
import type { SystemMailer } from './system-mail';

/** Sends through the SMTP server of SMTP_URL (smtp://user:pass@host:587, smtps://… for implicit TLS). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): SystemMailer & {
  close(): void;
} {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async sendPasswordReset(message) {
      const email = composePasswordResetEmail(message);
      await transport.sendMail({ from: options.from, to: message.to, ...email });
    },
    async sendInvitation(message) {
      const email = composeInvitationEmail(message);
      await transport.sendMail({ from: options.from, to: message.to, ...email });
    },
    close: () => transport.close(),
  };
}
