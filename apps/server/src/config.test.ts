import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDnsblZones } from '@prospector/core';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(join(tmpdir(), 'prospector-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: dir,
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      mailFrom: 'Prospector <no-reply@localhost>',
      sandbox: true,
      runWorker: true,
      trustProxy: false,
      dnsServers: [],
      dnsblZones: [],
      logLevel: 'info',
    });
  });

  it('treats empty values as unset and follows PORT in the default APP_URL', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '3111',
      APP_URL: '',
      SMTP_URL: '',
      APP_SECRET: '',
    });
    expect(config.appUrl).toBe('http://localhost:3111');
    expect(config.smtpUrl).toBeUndefined();
  });

  it('reads flags and trims a trailing slash from APP_URL', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      APP_URL: 'https://app.example.com/',
      RUN_WORKER: 'false',
      SANDBOX: 'off',
      APP_SECRET: 'y'.repeat(40),
    });
    expect(config).toMatchObject({ appUrl: 'https://app.example.com', runWorker: false, sandbox: false });
  });

  it('fails fast with one readable line per bad variable', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'abc',
        SANDBOX: 'maybe',
        DATABASE_URL: 'mysql://x',
        APP_SECRET: 'short',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT:/);
    expect(attempt).toThrow(/SANDBOX: SANDBOX must be on or off/);
    expect(attempt).toThrow(/DATABASE_URL: DATABASE_URL must be a postgres/);
    expect(attempt).toThrow(/APP_SECRET: APP_SECRET must be at least 32 characters/);
  });

  it('generates APP_SECRET into DATA_DIR/app-secret with mode 0600 and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'app-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first);
  });

  it('reads DNS_SERVERS as a list of name servers, and refuses what is not an address', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DNS_SERVERS: '127.0.0.1:5353, [::1]:53,10.0.0.2' });
    expect(config.dnsServers).toEqual(['127.0.0.1:5353', '[::1]:53', '10.0.0.2']);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DNS_SERVERS: 'dns.example.com' })).toThrow(
      'DNS_SERVERS must be a comma-separated list of IP addresses, each with an optional :port',
    );
  });

  it('reads DNSBL_ZONES as a list of zones, address lists unless marked domain:, and refuses what is no zone', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DNSBL_ZONES: 'zen.spamhaus.org, domain:dbl.spamhaus.org,ip:key123.zen.dq.spamhaus.net',
    });
    expect(config.dnsblZones).toEqual([
      'zen.spamhaus.org',
      'domain:dbl.spamhaus.org',
      'ip:key123.zen.dq.spamhaus.net',
    ]);
    expect(parseDnsblZones(config.dnsblZones)).toEqual([
      { kind: 'ip', zone: 'zen.spamhaus.org' },
      { kind: 'domain', zone: 'dbl.spamhaus.org' },
      { kind: 'ip', zone: 'key123.zen.dq.spamhaus.net' },
    ]);
    for (const bad of ['url:dbl.spamhaus.org', 'not a zone', '127.0.0.1', 'domain:']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), DNSBL_ZONES: bad }), bad).toThrow('DNSBL_ZONES must be');
    }
    expect(loadConfig({ DATA_DIR: tempDir(), DNSBL_ZONES: ' ' }).dnsblZones).toEqual([]);
  });
});
