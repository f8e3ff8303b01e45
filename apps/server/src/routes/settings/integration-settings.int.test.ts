import type { ApolloKeyStatus, GoogleIntegration } from '@prospector/contracts';
import { workspaces } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

describe('Google Workspace integration', () => {
  it('is a 404 until connected, then shows the address; disconnect removes it', async () => {
    const browser = env.browser();
    const user = await browser.signUp();
    expect((await browser.get('/api/integrations/google')).status).toBe(404);
    expect((await browser.delete('/api/integrations/google')).status).toBe(404);
    const { redirectTo } = await connectMailbox(
      browser,
      'sam.taylor@northwind-traders.example',
      '/api/auth/google',
    );
    expect(redirectTo).toBe('/integrations/gsuite?connected=true');
    const integration = (await browser.get('/api/integrations/google')).json<GoogleIntegration>();
    expect(integration).toMatchObject({
      status: 'connected',
      userEmail: 'sam.taylor@northwind-traders.example',
      sandbox: true,
    });
    expect(JSON.stringify(integration)).not.toMatch(/token/i);
    const [row] = await env.database.db.select().from(workspaces).where(eq(workspaces.id, user.id));
    expect(row?.googleAccessToken).toMatch(/^v1\./);
    expect((await browser.delete('/api/integrations/google')).status).toBe(200);
    expect((await browser.get('/api/integrations/google')).status).toBe(404);
  });
});

describe('Apollo key', () => {
  it('is stored encrypted, answered masked, and toggled', async () => {
    const browser = env.browser();
    const user = await browser.signUp();
    expect((await browser.get('/api/integrations/apollo')).json()).toEqual({
      hasKey: false,
      maskedKey: null,
      enabled: true,
    });
    expect((await browser.post('/api/integrations/apollo', {})).status).toBe(404);
    const empty = await browser.put('/api/integrations/apollo', { apiKey: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json()).toEqual({ message: 'Please enter an API key', code: 'VALIDATION_ERROR' });
    expect((await browser.put('/api/integrations/apollo', {})).json()).toMatchObject({
      message: 'Please enter an API key',
    });
    const saved = await browser.put('/api/integrations/apollo', { apiKey: ' apollo-secret-key-1234 ' });
    expect(saved.json()).toEqual({ success: true, hasKey: true, maskedKey: '••••••••1234', enabled: true });
    const [row] = await env.database.db.select().from(workspaces).where(eq(workspaces.id, user.id));
    expect(row?.apolloApiKey).toMatch(/^v1\./);
    expect(row?.apolloApiKey).not.toContain('apollo-secret');
    const toggle = await browser.patch('/api/integrations/apollo/toggle', { enabled: false });
    expect(toggle.json()).toEqual({ success: true, enabled: false });
    expect((await browser.patch('/api/integrations/apollo/toggle', { enabled: 'no' })).status).toBe(400);
    expect((await browser.get('/api/integrations/apollo')).json<ApolloKeyStatus>().enabled).toBe(false);
  });
});

describe('contact settings', () => {
  it('defaults to 3, saves a whole number 1-50, and answers the spec messages otherwise', async () => {
    const browser = env.browser();
    await browser.signUp();
    expect((await browser.get('/api/settings/contacts')).json()).toEqual({
      maxContinuousNotOpens: 3,
      stopAllSequencesOnReply: true,
    });
    const put = async (value: unknown) => {
      const response = await browser.put('/api/settings/contacts', { maxContinuousNotOpens: value });
      return { status: response.status, body: response.json() };
    };
    expect(await put(0)).toEqual({
      status: 400,
      body: { message: 'Must be at least 1', code: 'VALIDATION_ERROR' },
    });
    expect(await put(51)).toEqual({
      status: 400,
      body: { message: 'Must be at most 50', code: 'VALIDATION_ERROR' },
    });
    expect(await put(2.5)).toEqual({
      status: 400,
      body: { message: 'Must be a whole number', code: 'VALIDATION_ERROR' },
    });
    expect(await put('abc')).toEqual({
      status: 400,
      body: { message: 'Must be a whole number', code: 'VALIDATION_ERROR' },
    });
    expect(await put(7)).toEqual({
      status: 200,
      body: { maxContinuousNotOpens: 7, stopAllSequencesOnReply: true },
    });
    expect((await browser.get('/api/settings/contacts')).json()).toEqual({
      maxContinuousNotOpens: 7,
      stopAllSequencesOnReply: true,
    });
  });
});
