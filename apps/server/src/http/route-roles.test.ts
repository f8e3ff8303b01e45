import { describe, expect, it } from 'vitest';
import { requiredRole } from './route-roles';

describe('requiredRole', () => {
  it('lets a viewer read the workspace’s records', () => {
    for (const url of ['/api/contacts', '/api/sequences/:id', '/api/inbox/conversations', '/api/mailboxes'])
      expect(requiredRole('GET', url), url).toBe('viewer');
    expect(requiredRole('HEAD', '/api/templates')).toBe('viewer');
    expect(requiredRole('get', '/api/personas')).toBe('viewer');
  });

  it('lets a viewer preview and check, which are asked with a body but change nothing', () => {
    for (const url of ['/api/templates/preview', '/api/templates/plain-text', '/api/templates/:id/check'])
      expect(requiredRole('POST', url), url).toBe('viewer');
    expect(requiredRole('POST', '/api/sequences/:id/list-check')).toBe('viewer');
    expect(requiredRole('POST', '/api/sequences/:id/list-check/exclude')).toBe('member');
    expect(requiredRole('POST', '/api/templates/:id/send-test')).toBe('member');
  });

  it('asks a member for changes to lists, templates, sequences, launches and the inbox', () => {
    expect(requiredRole('POST', '/api/personas')).toBe('member');
    expect(requiredRole('PATCH', '/api/templates/:id')).toBe('member');
    expect(requiredRole('DELETE', '/api/sequences/:id')).toBe('member');
    expect(requiredRole('POST', '/api/sequences/:id/launch')).toBe('member');
    expect(requiredRole('POST', '/api/inbox/conversations/:id/reply')).toBe('member');
    expect(requiredRole('PUT', '/api/sequences/:id/assistant-note')).toBe('member');
  });

  it('asks an admin for changes to mailboxes, integrations, API keys, webhooks, tracking domains and settings', () => {
    const changes: [string, string][] = [
      ['POST', '/api/mailboxes/smtp'],
      ['DELETE', '/api/mailboxes/:id'],
      ['PATCH', '/api/gmail/accounts/:id'],
      ['POST', '/api/gmail/set-default'],
      ['PUT', '/api/integrations/apollo'],
      ['DELETE', '/api/integrations/google'],
      ['POST', '/api/api-keys'],
      ['DELETE', '/api/api-keys/:id'],
      ['POST', '/api/webhooks'],
      ['PATCH', '/api/webhooks/:id'],
      ['POST', '/api/webhooks/deliveries/:id/resend'],
      ['POST', '/api/tracking-domains'],
      ['PUT', '/api/settings/assistant'],
    ];
    for (const [method, url] of changes) expect(requiredRole(method, url), `${method} ${url}`).toBe('admin');
    // Their lists stay readable by everyone.
    for (const url of ['/api/mailboxes', '/api/api-keys', '/api/webhooks', '/api/settings/contacts'])
      expect(requiredRole('GET', url), url).toBe('viewer');
  });

  it('asks an admin for reads that reveal a secret or start connecting a mailbox or an integration', () => {
    expect(requiredRole('GET', '/api/webhooks/:id')).toBe('admin');
    expect(requiredRole('GET', '/api/webhooks/:id/deliveries')).toBe('viewer');
    expect(requiredRole('GET', '/api/gmail/connect')).toBe('admin');
    expect(requiredRole('GET', '/api/microsoft/connect')).toBe('admin');
    expect(requiredRole('GET', '/api/auth/google')).toBe('admin');
    expect(requiredRole('GET', '/api/auth/google/callback')).toBe('admin');
    expect(requiredRole('GET', '/api/microsoft/callback')).toBe('admin');
  });

  it('leaves the person’s own account, workspaces and invitations to their use cases', () => {
    expect(requiredRole('GET', '/api/auth/me')).toBeNull();
    expect(requiredRole('POST', '/api/auth/change-password')).toBeNull();
    expect(requiredRole('GET', '/api/workspaces')).toBeNull();
    expect(requiredRole('POST', '/api/workspaces')).toBeNull();
    expect(requiredRole('DELETE', '/api/workspaces/:id')).toBeNull();
    expect(requiredRole('PATCH', '/api/workspaces/:id/members/:userId')).toBeNull();
    expect(requiredRole('POST', '/api/invitations/:token/accept')).toBeNull();
  });

  it('does not take a route that only starts like a guarded one for it', () => {
    expect(requiredRole('POST', '/api/workspaces-export')).toBe('member');
    expect(requiredRole('POST', '/api/settingsx')).toBe('member');
    expect(requiredRole('POST', '/api/authx')).toBe('member');
  });
});
