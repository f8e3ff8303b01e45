import { hashToken, type PasswordResetMessage, systemClock } from '@prospector/core';
import type { Database, PgBoss } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueue, startSystemEmailWorker } from '../../jobs';
import type { Log } from '../../log';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClient, uniqueEmail } from '../../testing/test-client';

const quiet: Log = { info: () => {}, warn: () => {}, error: () => {} };
const inbox: PasswordResetMessage[] = [];
let database: Database;
let boss: PgBoss;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  // The real pg-boss queue and worker, in the test database, with a mailer that keeps what it is given.
  boss = await startQueue(database, quiet, { maintenance: false });
  const mailer = {
    sendPasswordReset: async (m: PasswordResetMessage) => void inbox.push(m),
    sendInvitation: async () => {},
  };
  await startSystemEmailWorker(
    boss,
    { db: database.db, clock: systemClock, mailer, appUrl: 'http://localhost:3000' },
    quiet,
  );
  t = await createTestApp({ database, queue: boss, clock: systemClock });
});
afterAll(async () => {
  await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
  await t?.close();
  await database?.close();
});

async function waitForMail(to: string): Promise<PasswordResetMessage> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const found = inbox.find((m) => m.to === to);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset mail for ${to}`);
}

describe('the whole account flow, with the reset mail going through pg-boss', () => {
  it('register -> me -> logout -> login -> forgot -> worker mails link -> reset -> login', async () => {
    const browser = createClient(t.app);
    const email = uniqueEmail();

    const register = await browser.post('/api/auth/register', {
      email,
      password: 'first-pass-1',
      fullName: 'Flo',
    });
    expect(register.statusCode).toBe(201);
    expect((await browser.get('/api/auth/me')).json()).toMatchObject({ email, fullName: 'Flo' });

    expect((await browser.post('/api/auth/logout', {})).statusCode).toBe(200);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);

    expect((await browser.post('/api/auth/login', { email, password: 'first-pass-1' })).statusCode).toBe(200);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);

    const forgot = await createClient(t.app).post('/api/auth/forgot-password', { email });
    expect(forgot.json()).toEqual({
      message: 'If an account exists for that email, a reset link has been sent.',
    });
    const mail = await waitForMail(email);
    expect(mail.expiresInMinutes).toBe(15);
    const link = new URL(mail.url);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/reset-password');

    // The plain token is nowhere in the database: not in the reset table, not in the job queue.
    const token = link.searchParams.get('token')!;
    const count = async (query: string, value: string) =>
      Number((await database.executeSql(query, [value])).rows[0]?.n);
    const resetRows = 'SELECT count(*) AS n FROM password_reset_tokens WHERE token_hash = $1';
    expect(await count(resetRows, hashToken(token))).toBe(1);
    expect(await count(resetRows, token)).toBe(0);
    const jobRows = `SELECT (SELECT count(*) FROM pgboss.job WHERE data::text LIKE '%' || $1 || '%')
      + (SELECT count(*) FROM pgboss.archive WHERE data::text LIKE '%' || $1 || '%') AS n`;
    expect(await count(jobRows, token)).toBe(0);

    const reset = await createClient(t.app).post('/api/auth/reset-password', {
      token,
      newPassword: 'second-pass-2',
    });
    expect(reset.json()).toEqual({ message: 'Password has been reset successfully' });
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);

    expect((await browser.post('/api/auth/login', { email, password: 'first-pass-1' })).statusCode).toBe(401);
    expect((await browser.post('/api/auth/login', { email, password: 'second-pass-2' })).statusCode).toBe(
      200,
    );
    expect((await browser.get('/api/auth/me')).json()).toMatchObject({ email });
  });

  it('sends no mail for an unknown address', async () => {
    const email = uniqueEmail();
    await createClient(t.app).post('/api/auth/forgot-password', { email });
    await expect(waitForMailOrTimeout(email, 2500)).resolves.toBeUndefined();
  });
});

async function waitForMailOrTimeout(to: string, ms: number) {
  await new Promise((r) => setTimeout(r, ms));
  return inbox.find((m) => m.to === to);
}
