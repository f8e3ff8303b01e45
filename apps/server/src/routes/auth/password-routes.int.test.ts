import { handleSystemEmail, MINUTE_MS, type PasswordResetMessage } from '@prospector/core';
import { passwordResetTokens, users } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClient, signUp, uniqueEmail } from '../../testing/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const RESET_SENT = 'If an account exists for that email, a reset link has been sent.';

/** Runs the recorded `system-email` jobs as the worker would, capturing the mail. */
async function runMailJobs(): Promise<PasswordResetMessage[]> {
  const sent: PasswordResetMessage[] = [];
  const mailer = {
    sendPasswordReset: async (m: PasswordResetMessage) => void sent.push(m),
    sendInvitation: async () => {},
  };
  const jobs = t.queue.jobs.splice(0);
  for (const job of jobs) {
    await handleSystemEmail(
      { db: t.database.db, clock: t.clock, mailer, appUrl: 'http://localhost:3000' },
      job.data,
    );
  }
  return sent;
}

const tokenFrom = (message: PasswordResetMessage | undefined) =>
  new URL(message!.url).searchParams.get('token')!;

async function requestReset(email: string) {
  const response = await createClient(t.app).post('/api/auth/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ message: RESET_SENT });
  return runMailJobs();
}

describe('forgot password', () => {
  it('answers the same for an unknown address and enqueues the same kind of job', async () => {
    const client = createClient(t.app);
    const { email } = await signUp(client);
    t.queue.jobs.length = 0;
    const known = await client.post('/api/auth/forgot-password', { email });
    const unknown = await client.post('/api/auth/forgot-password', { email: uniqueEmail() });
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    expect(known.json()).toEqual({ message: RESET_SENT });
    expect(t.queue.jobs.map((j) => [j.name, Object.keys(j.data)])).toEqual([
      ['system-email', ['kind', 'email']],
      ['system-email', ['kind', 'email']],
    ]);
    const sent = await runMailJobs();
    expect(sent.map((m) => m.to)).toEqual([email]);
  });

  it('builds the link from APP_URL, never from the Host header', async () => {
    const { email } = await signUp(createClient(t.app));
    await createClient(t.app).post('/api/auth/forgot-password', { email }, { host: 'evil.example' });
    const [message] = await runMailJobs();
    expect(message?.url.startsWith('http://localhost:3000/reset-password?token=')).toBe(true);
  });

  it('validates the email', async () => {
    const response = await createClient(t.app).post('/api/auth/forgot-password', { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid email address', code: 'VALIDATION_ERROR' });
  });
});

describe('reset password', () => {
  it('stores only the hash, resets once, ends every session, and lets the new password in', async () => {
    const device = createClient(t.app);
    const { email, user } = await signUp(device);
    const [message] = await requestReset(email);
    const token = tokenFrom(message);
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const anon = createClient(t.app);
    const reset = await anon.post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password has been reset successfully' });
    expect((await device.get('/api/auth/me')).statusCode).toBe(401);

    const again = await anon.post('/api/auth/reset-password', { token, newPassword: 'another-pass-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Invalid or expired reset token', code: 'INVALID_TOKEN' });
    expect((await anon.post('/api/auth/login', { email, password: 'first-password-1' })).statusCode).toBe(
      401,
    );
    expect((await anon.post('/api/auth/login', { email, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it('accepts a token for 15 minutes and not after', async () => {
    const { email } = await signUp(createClient(t.app));
    const [first] = await requestReset(email);
    t.clock.advance(15 * MINUTE_MS + 1000);
    const late = await createClient(t.app).post('/api/auth/reset-password', {
      token: tokenFrom(first),
      newPassword: 'too-late-pass',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    const [second] = await requestReset(email);
    t.clock.advance(15 * MINUTE_MS - 1000);
    const inTime = await createClient(t.app).post('/api/auth/reset-password', {
      token: tokenFrom(second),
      newPassword: 'in-time-pass',
    });
    expect(inTime.statusCode).toBe(200);
  });

  it('rejects an unknown token and validates input with the spec messages', async () => {
    const client = createClient(t.app);
    const unknown = await client.post('/api/auth/reset-password', {
      token: 'x'.repeat(43),
      newPassword: 'password-1',
    });
    expect(unknown.json()).toEqual({ message: 'Invalid or expired reset token', code: 'INVALID_TOKEN' });
    const short = await client.post('/api/auth/reset-password', { token: 'abc', newPassword: 'short' });
    expect(short.json()).toEqual({
      message: 'Password must be at least 8 characters',
      code: 'VALIDATION_ERROR',
    });
    const noToken = await client.post('/api/auth/reset-password', { token: '', newPassword: 'password-1' });
    expect(noToken.json()).toEqual({ message: 'Reset token is required', code: 'VALIDATION_ERROR' });
    const missing = await client.post('/api/auth/reset-password', { newPassword: 'password-1' });
    expect(missing.json()).toEqual({ message: 'Reset token is required', code: 'VALIDATION_ERROR' });
  });
});

describe('change password', () => {
  it('needs a session', async () => {
    const response = await createClient(t.app).post('/api/auth/change-password', {
      currentPassword: 'a',
      newPassword: 'bbbbbb',
    });
    expect(response.statusCode).toBe(401);
  });

  it('checks the current password, keeps this session and ends the others', async () => {
    const here = createClient(t.app);
    const { email, password, user } = await signUp(here);
    const elsewhere = createClient(t.app);
    await elsewhere.post('/api/auth/login', { email, password });

    const wrong = await here.post('/api/auth/change-password', {
      currentPassword: 'nope',
      newPassword: 'newpass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Current password is incorrect' });

    const short = await here.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: '12345',
    });
    expect(short.json()).toEqual({
      message: 'New password must be at least 6 characters long',
      code: 'VALIDATION_ERROR',
    });
    const blank = await here.post('/api/auth/change-password', {
      currentPassword: '',
      newPassword: '123456',
    });
    expect(blank.json()).toEqual({ message: 'Current password is required', code: 'VALIDATION_ERROR' });

    const before = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const ok = await here.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'newpass',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password changed successfully' });
    const after = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after[0]?.passwordHash).not.toBe(before[0]?.passwordHash);
    expect(after[0]?.passwordHash).toMatch(/^\$argon2id\$/);

    expect((await here.get('/api/auth/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    expect((await elsewhere.post('/api/auth/login', { email, password: 'newpass' })).statusCode).toBe(200);
  });
});
