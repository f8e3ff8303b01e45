import { handleSystemEmail, type PasswordResetMessage } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClient, signUp, type TestClient, uniqueEmail } from '../../testing/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const TOO_MANY = { message: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' };
const TOO_EASY = {
  message: 'This password is too easy to guess. Choose a less common one',
  code: 'VALIDATION_ERROR',
};

/** A reset link for the address, as the worker would mail it. */
async function resetToken(email: string): Promise<string> {
  t.queue.jobs.length = 0;
  await createClient(t.app).post('/api/auth/forgot-password', { email });
  const sent: PasswordResetMessage[] = [];
  const mailer = {
    sendPasswordReset: async (m: PasswordResetMessage) => void sent.push(m),
    sendInvitation: async () => {},
  };
  for (const job of t.queue.jobs.splice(0))
    await handleSystemEmail({ db: t.database.db, clock: t.clock, mailer, appUrl: 'http://x' }, job.data);
  return new URL(sent[0]!.url).searchParams.get('token')!;
}

async function createKey(client: TestClient): Promise<string> {
  const created = await client.post('/api/api-keys', { name: 'CRM', scopes: ['contacts:read'] });
  expect(created.statusCode).toBe(201);
  return created.json().key;
}
const keyWorks = async (key: string) =>
  (await t.app.inject({ url: '/api/v1/contacts', headers: { authorization: `Bearer ${key}` } }))
    .statusCode === 200;

describe('change password retires reset links', () => {
  it('a link mailed before the change no longer resets the password', async () => {
    const client = createClient(t.app);
    const { email, password } = await signUp(client);
    const token = await resetToken(email);
    const changed = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'changed-pass-77',
    });
    expect(changed.statusCode).toBe(200);
    const reset = await createClient(t.app).post('/api/auth/reset-password', {
      token,
      newPassword: 'attacker-pass-88',
    });
    expect(reset.json()).toEqual({ message: 'Invalid or expired reset token', code: 'INVALID_TOKEN' });
    expect(
      (await createClient(t.app).post('/api/auth/login', { email, password: 'changed-pass-77' })).statusCode,
    ).toBe(200);
  });
});

describe('"also revoke API keys"', () => {
  it('on a password change: keys stop working only when asked', async () => {
    const client = createClient(t.app);
    const { password } = await signUp(client);
    const key = await createKey(client);
    await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'second-pass-21',
    });
    expect(await keyWorks(key)).toBe(true);
    await client.post('/api/auth/change-password', {
      currentPassword: 'second-pass-21',
      newPassword: 'third-pass-32',
      revokeApiKeys: true,
    });
    expect(await keyWorks(key)).toBe(false);
    expect((await client.get('/api/api-keys')).json()).toEqual([]);
  });

  it('on a reset', async () => {
    const client = createClient(t.app);
    const { email } = await signUp(client);
    const key = await createKey(client);
    const reset = await createClient(t.app).post('/api/auth/reset-password', {
      token: await resetToken(email),
      newPassword: 'reset-pass-43',
      revokeApiKeys: true,
    });
    expect(reset.statusCode).toBe(200);
    expect(await keyWorks(key)).toBe(false);
  });

  it('refuses a value that is not true or false', async () => {
    const client = createClient(t.app);
    const { password } = await signUp(client);
    const bad = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'fourth-pass-54',
      revokeApiKeys: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Revoke API keys must be true or false' });
  });
});

describe('the very weakest passwords are refused everywhere, the length rules stay', () => {
  it('sign-up, change and reset refuse "password1", "12345678" and the like', async () => {
    for (const weak of ['password1', '12345678', 'qwertyuiop', 'aaaaaaaa']) {
      const signup = await createClient(t.app).post('/api/auth/register', {
        email: uniqueEmail(),
        password: weak,
        fullName: 'Weak Tester',
      });
      expect(signup.statusCode).toBe(400);
      expect(signup.json()).toEqual(TOO_EASY);
    }
    const client = createClient(t.app);
    const { email, password } = await signUp(client);
    const change = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: '123456',
    });
    expect(change.json()).toEqual(TOO_EASY);
    const short = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: '12345',
    });
    expect(short.json()).toEqual({
      message: 'New password must be at least 6 characters long',
      code: 'VALIDATION_ERROR',
    });
    const reset = await createClient(t.app).post('/api/auth/reset-password', {
      token: await resetToken(email),
      newPassword: 'iloveyou',
    });
    expect(reset.json()).toEqual(TOO_EASY);
    // Nothing was changed by the refusals.
    expect((await createClient(t.app).post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });

  it("a password built from the account's own name or address is refused", async () => {
    const email = `${'margaret.hamilton'}-${Date.now()}@example.com`;
    const signup = await createClient(t.app).post('/api/auth/register', {
      email,
      password: email,
      fullName: 'Margaret Hamilton',
    });
    expect(signup.json()).toEqual(TOO_EASY);
  });
});

describe('rate limits on change and reset password', () => {
  it('change-password: 10 a minute per user, whatever the address', async () => {
    const first = createClient(t.app);
    await signUp(first);
    for (let i = 0; i < 10; i++) {
      // Each attempt from a new address, with the same session.
      const elsewhere = createClient(t.app);
      elsewhere.sid = first.sid;
      const wrong = await elsewhere.post('/api/auth/change-password', {
        currentPassword: `wrong-${i}`,
        newPassword: 'whatever-pass-1',
      });
      expect(wrong.statusCode).toBe(400);
    }
    const eleventh = createClient(t.app);
    eleventh.sid = first.sid;
    const limited = await eleventh.post('/api/auth/change-password', {
      currentPassword: 'wrong-11',
      newPassword: 'whatever-pass-1',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect(
      (
        await eleventh.post('/api/auth/change-password', {
          currentPassword: 'x',
          newPassword: 'whatever-pass-1',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('change-password and reset-password: 10 a minute per client address', async () => {
    const ip = createClient(t.app).ip;
    const users = [];
    for (let i = 0; i < 11; i++) {
      const c = createClient(t.app);
      await signUp(c);
      // The same browser address for every user: the limit is the address's.
      const sameAddress = createClient(t.app, ip);
      sameAddress.sid = c.sid;
      users.push(sameAddress);
    }
    t.clock.advance(61_000);
    const codes = [];
    for (const c of users)
      codes.push(
        (await c.post('/api/auth/change-password', { currentPassword: 'x', newPassword: 'whatever-pass-1' }))
          .statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);

    const resets = [];
    const client = createClient(t.app);
    for (let i = 0; i < 11; i++)
      resets.push(
        (await client.post('/api/auth/reset-password', { token: `bad-${i}`, newPassword: 'whatever-pass-1' }))
          .statusCode,
      );
    expect(resets.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(resets[10]).toBe(429);
  });
});
