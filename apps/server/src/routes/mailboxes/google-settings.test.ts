import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { googleSettings, sandboxGoogleClient } from './google-settings';

const base = { APP_URL: 'https://app.example.com', APP_SECRET: 'x'.repeat(40) };

describe('Google settings from the config', () => {
  it('uses live Google when a client id and secret are set', () => {
    const config = loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id.apps', GOOGLE_CLIENT_SECRET: 's3cret' });
    expect(googleSettings(config)).toMatchObject({
      clientId: 'id.apps',
      clientSecret: 's3cret',
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      revokeUrl: 'https://oauth2.googleapis.com/revoke',
      gmailApiBaseUrl: 'https://gmail.googleapis.com',
      redirectUri: 'https://app.example.com/api/auth/google/callback',
      sandbox: false,
    });
  });

  it('lets the endpoints be overridden; revoke sits next to the token endpoint', () => {
    const config = loadConfig({
      ...base,
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 's',
      GOOGLE_AUTH_URL: 'https://idp.example/auth',
      GOOGLE_TOKEN_URL: 'https://idp.example/oauth/token',
      GMAIL_API_BASE_URL: 'https://gmail-proxy.example',
    });
    expect(googleSettings(config)).toMatchObject({
      authUrl: 'https://idp.example/auth',
      revokeUrl: 'https://idp.example/oauth/revoke',
      gmailApiBaseUrl: 'https://gmail-proxy.example',
    });
  });

  it('falls back to the sandbox on the app port, or to nothing with SANDBOX=off', () => {
    const sandboxed = googleSettings(loadConfig(base));
    expect(sandboxed).toMatchObject({
      ...sandboxGoogleClient(base.APP_SECRET),
      authUrl: 'https://app.example.com/sandbox/google/o/oauth2/v2/auth',
      tokenUrl: 'https://app.example.com/sandbox/google/token',
      gmailApiBaseUrl: 'https://app.example.com/sandbox/google',
      sandbox: true,
    });
    expect(googleSettings(loadConfig({ ...base, SANDBOX: 'off' }))).toBeUndefined();
  });

  it('refuses a client id without a secret', () => {
    expect(() => loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, GOOGLE_TOKEN_URL: 'ftp://x' })).toThrow(/GOOGLE_TOKEN_URL/);
  });
});
