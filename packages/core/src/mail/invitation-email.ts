import type { ComposedEmail } from './password-reset-email';
import type { InvitationMessage } from './system-mail';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The same words whether or not the address has an account: the link's page asks to sign in or sign up. */
export function composeInvitationEmail(message: InvitationMessage): ComposedEmail {
  const inviter = message.inviterName.trim() || 'A teammate';
  const article = message.role === 'admin' ? 'an' : 'a';
  const intro = `${inviter} invited you to join ${message.workspaceName} on Prospector as ${article} ${message.role}.`;
  const how = 'Open this link to accept; sign in or create an account with this email address first:';
  const expiry = `The link expires in ${message.expiresInDays} days and can be used once.`;
  const ignore = 'If you did not expect this invitation, you can ignore this email.';
  return {
    subject: `${inviter} invited you to ${message.workspaceName} on Prospector`,
    text: [intro, '', how, message.url, '', expiry, ignore].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(message.url)}">Accept the invitation</a></p>`,
      `<p>${escapeHtml(expiry)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
