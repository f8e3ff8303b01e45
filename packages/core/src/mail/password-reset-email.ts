import type { PasswordResetMessage } from './system-mail';

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function composePasswordResetEmail(message: PasswordResetMessage): ComposedEmail {
  const greeting = message.fullName ? `Hi ${message.fullName},` : 'Hi,';
  const expiry = `The link expires in ${message.expiresInMinutes} minutes and can be used once.`;
  const ignore = "If you did not ask for this, you can ignore this email; your password won't change.";
  return {
    subject: 'Reset your Prospector password',
    text: [greeting, '', 'Open this link to choose a new password:', message.url, '', expiry, ignore].join(
      '\n',
    ),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p><a href="${escapeHtml(message.url)}">Choose a new password</a></p>`,
      `<p>${escapeHtml(expiry)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
