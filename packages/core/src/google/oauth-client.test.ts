import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pkceVerifier } from '../auth/oauth-state';
import type { GoogleSettings } from './google-settings';
import { backoffDelay } from './http-retry';
import { authorizationUrl, OAuthError, readIdToken, refreshAccessToken } from './oauth-client';

const settings: GoogleSettings = {
  clientId: 'client-1',
  clientSecret: 'secret-1',
  authUrl: 'https://accounts.example/auth',
  tokenUrl: 'https://oauth.example/token',
  revokeUrl: 'https://oauth.example/revoke',
  gmailApiBaseUrl: 'https://gmail.example',
  redirectUri: 'https://app.example/api/auth/google/callback',
  issuers: ['https://accounts.example'],
  sandbox: false,
  retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
};
const now = new Date('2025-05-01T09:00:00Z');
const jwt = (claims: object) =>
  ['{"alg":"RS256"}', JSON.stringify(claims)].map((p) => Buffer.from(p).toString('base64url')).join('.') +
  '.sig';

describe('OAuth client', () => {
  it('asks for offline access with PKCE S256 and the state', () => {
    const verifier = pkceVerifier('gmail.abc', 'app-secret-app-secret');
    const url = new URL(authorizationUrl(settings, { state: 'gmail.abc', codeVerifier: verifier }));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'client-1',
      redirect_uri: settings.redirectUri,
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      state: 'gmail.abc',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('checks the ID token issuer, audience and expiry', () => {
    const exp = now.getTime() / 1000 + 3600;
    const good = { iss: 'https://accounts.example', aud: 'client-1', sub: '123', email: 'a@b.c', exp };
    expect(readIdToken(settings, jwt(good), now)).toMatchObject({ sub: '123', email: 'a@b.c' });
    expect(() => readIdToken(settings, jwt({ ...good, iss: 'https://evil.example' }), now)).toThrow(
      OAuthError,
    );
    expect(() => readIdToken(settings, jwt({ ...good, aud: 'other' }), now)).toThrow(/audience/);
    expect(() => readIdToken(settings, jwt({ ...good, exp: exp - 7200 - 600 }), now)).toThrow(/expired/);
  });

  it('turns an error answer of the token endpoint into an OAuthError with its code', async () => {
    const fetchFn = (async () =>
      new Response(
        JSON.stringify({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }),
        {
          status: 400,
        },
      )) as typeof fetch;
    await expect(refreshAccessToken({ ...settings, fetch: fetchFn }, 'rt', now)).rejects.toMatchObject({
      error: 'invalid_grant',
      status: 400,
    });
  });

  it('retries a 503 from the token endpoint, then succeeds', async () => {
    let calls = 0;
    const fetchFn = (async () => {
      calls += 1;
      return calls === 1
        ? new Response('busy', { status: 503 })
        : new Response(JSON.stringify({ access_token: 'at', expires_in: 60, scope: 'a b' }));
    }) as typeof fetch;
    const tokens = await refreshAccessToken({ ...settings, fetch: fetchFn }, 'rt', now);
    expect(calls).toBe(2);
    expect(tokens).toMatchObject({ accessToken: 'at', scopes: ['a', 'b'] });
    expect(tokens.expiresAt.getTime()).toBe(now.getTime() + 60_000);
  });

  it('backs off exponentially, or as long as Retry-After says (capped)', () => {
    const policy = { attempts: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(policy, 1)).toBeGreaterThanOrEqual(50);
    expect(backoffDelay(policy, 1)).toBeLessThanOrEqual(100);
    expect(backoffDelay(policy, 4)).toBeGreaterThanOrEqual(400);
    expect(backoffDelay(policy, 10)).toBeLessThanOrEqual(1000);
    expect(backoffDelay(policy, 1, '0')).toBe(0);
    expect(backoffDelay(policy, 1, '30')).toBe(1000);
  });
});
