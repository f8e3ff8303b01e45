import { z } from 'zod';

/** How a connection is secured: TLS from the first byte (465, 993) or STARTTLS after a plain greeting (587, 143). */
export const MAIL_SECURITY = ['tls', 'starttls'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

const hostname = z
  .string()
  .trim()
  .min(1, 'Host is required')
  .max(253, 'Host is too long')
  .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:.]+\]?$/, 'Host must be a host name or an IP address');

export const mailServerSchema = z.object({
  host: hostname,
  port: z.coerce.number().int().min(1, 'Port must be 1 to 65535').max(65535, 'Port must be 1 to 65535'),
  security: z.enum(MAIL_SECURITY, { message: "Security must be 'tls' or 'starttls'" }),
  username: z.string().trim().min(1, 'Username is required').max(320),
  password: z.string().min(1, 'Password is required').max(1000),
});
export type MailServerSettings = z.infer<typeof mailServerSchema>;

/** POST /api/mailboxes/smtp: a mailbox that sends over SMTP and reads over IMAP. */
export const connectSmtpMailboxSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address').max(320),
  displayName: z.string().trim().max(200).nullish(),
  smtp: mailServerSchema,
  imap: mailServerSchema,
});
export type ConnectSmtpMailboxInput = z.infer<typeof connectSmtpMailboxSchema>;

/** PUT /api/mailboxes/{id}/smtp: new settings or passwords for an SMTP mailbox; resumes a held one. */
export const updateSmtpMailboxSchema = connectSmtpMailboxSchema.omit({ email: true });
export type UpdateSmtpMailboxInput = z.infer<typeof updateSmtpMailboxSchema>;

/** Which connection a failed connect names (the 422 body's `connection`), with the server's own answer. */
export type MailConnection = 'smtp' | 'imap';
export interface MailConnectionFailure {
  message: string;
  code: 'MAILBOX_CONNECTION_FAILED';
  connection: MailConnection;
  /** The server's words ("535 5.7.8 Authentication failed"), a certificate error, or a timeout. */
  answer: string;
}
