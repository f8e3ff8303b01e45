import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../testing/test-app';
import { createClient } from '../testing/test-client';

/** A stand-in for apps/web/dist. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'prospector-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Prospector SPA</title>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  return dir;
}

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    webDistDir: fakeWebBuild(),
    config: testConfig({ chatWidgetUrl: 'https://chat.example/widget', analyticsToken: 'tok' }),
  });
  bare = await createTestApp({ database: t.database });
});
afterAll(async () => {
  await bare?.close();
  await t?.close();
});

describe('the built web app', () => {
  it('serves index.html, uncached, for every page route (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/sequences/123', '/reset-password?token=abc', '/no/such/page']) {
      const response = await createClient(t.app).get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Prospector SPA');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-type'])).toContain('text/html');
    }
  });

  it('caches hashed assets for a year and 404s missing files instead of sending the page', async () => {
    const asset = await createClient(t.app).get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await createClient(t.app).get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    for (const url of ['/assets/missing-zzz.js', '/missing.css']) {
      const missing = await createClient(t.app).get(url);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('sends the security headers, with a CSP that allows only the configured outside origins', async () => {
    for (const url of ['/', '/api/health', '/api/nope']) {
      const { headers } = await createClient(t.app).get(url);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain('frame-src https://chat.example');
      expect(csp).toContain("connect-src 'self' https://api-js.mixpanel.com");
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('without a web build, page routes explain how to build it', async () => {
    const response = await createClient(bare.app).get('/login');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build');
    expect((await createClient(bare.app).get('/api/nope')).statusCode).toBe(404);
  });
});

describe('health and public config', () => {
  it('reports the database up', async () => {
    const response = await createClient(t.app).get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('tells the browser only what it may know', async () => {
    expect((await createClient(t.app).get('/api/public-config')).json()).toEqual({
      chatWidgetUrl: 'https://chat.example/widget',
      analyticsToken: 'tok',
      analyticsApiHost: null,
      sandbox: true,
    });
  });
});
