import { describe, expect, it } from 'vitest';
import { composeInvitationEmail } from './invitation-email';
import { createLogMailer } from './system-mailer';

const message = {
  to: 'ivy@example.com',
  inviterName: 'Olive <Owner>',
  workspaceName: 'Acme & Co',
  role: 'admin',
  url: 'https://app.example.com/invitations/abc_DEF-123',
  expiresInDays: 7,
};

describe('invitation email', () => {
  it('names the inviter and the workspace, carries the link and the expiry, with HTML escaped', () => {
    const email = composeInvitationEmail(message);
    expect(email.subject).toBe('Olive <Owner> invited you to Acme & Co on Prospector');
    expect(email.text).toContain('Olive <Owner> invited you to join Acme & Co on Prospector as an admin.');
    expect(email.text).toContain(message.url);
    expect(email.text).toContain('expires in 7 days and can be used once');
    expect(email.html).toContain(`<a href="${message.url}">Accept the invitation</a>`);
    expect(email.html).toContain('Olive &#60;Owner&#62;');
    expect(email.html).not.toContain('<Owner>');
  });

  it('reads well when the inviter has no name any more', () => {
    expect(composeInvitationEmail({ ...message, inviterName: '', role: 'viewer' }).text).toContain(
      'A teammate invited you to join Acme & Co on Prospector as a viewer.',
    );
  });

  it('goes to the log as one "Invitation link for <email>: <url>" line without SMTP', async () => {
    const lines: string[] = [];
    await createLogMailer((line) => lines.push(line)).sendInvitation(message);
    expect(lines).toEqual([`Invitation link for ivy@example.com: ${message.url}`]);
  });
});
