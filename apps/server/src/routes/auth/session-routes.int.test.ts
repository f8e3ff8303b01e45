import { userSessions } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { createClient, signUp, uniqueEmail } from '../../testing/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sessionCookie = (response: { cookies: { name: string }[] }) =>
  response.cookies.find((c) => c.name === 'prospector_sid') as Record<string, unknown> | undefined;

describe('register', () => {
  it('creates the account, answers 201 with the user and signs in with an HttpOnly SameSite=Lax cookie', async () => {
    const client = createClient(t.app);
    const email = uniqueEmail();
    const response = await client.post('/api/auth/register', {
      email,
      password: 'password-1',
      fullName: ' Ada ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email, fullName: 'Ada', defaultSenderAccountId: null });
    expect(response.body).not.toMatch(/password/i);
    const cookie = sessionCookie(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
    expect(Buffer.from(String(cookie?.value), 'base64url')).toHaveLength(32);
    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email });
  });

  it('stores only the SHA-256 of the cookie token', async () => {
    const client = createClient(t.app);
    const { user } = await signUp(client);
    const rows = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sid).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.sid).not.toBe(client.sid);
  });

  it('refuses a second account for the same email, in any letter case', async () => {
    const client = createClient(t.app);
    const { email } = await signUp(client);
    const again = await client.post('/api/auth/register', {
      email: email.toUpperCase(),
      password: 'password-2',
      fullName: 'Other',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'An account with this email already exists',
      code: 'DUPLICATE_EMAIL',
    });
  });

  it('answers with the spec validation messages', async () => {
    const client = createClient(t.app);
    const cases: [object, string][] = [
      [{ email: 'nope', password: 'password-1', fullName: 'A' }, 'Invalid email address'],
      [{ email: uniqueEmail(), password: 'short', fullName: 'A' }, 'Password must be at least 8 characters'],
      [{ email: uniqueEmail(), password: 'password-1', fullName: '  ' }, 'Full name is required'],
    ];
    for (const [body, message] of cases) {
      const response = await client.post('/api/auth/register', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('login, me and logout', () => {
  it('logs out (clearing the cookie), then logs in again with a new session id; the old cookie is dead', async () => {
    const client = createClient(t.app);
    const { email, password } = await signUp(client);
    const firstSid = client.sid;
    const logout = await client.post('/api/auth/logout', {});
    expect(logout.json()).toEqual({ success: true });
    expect(sessionCookie(logout)?.value).toBe('');
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);

    const login = await client.post('/api/auth/login', { email, password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email });
    expect(sessionCookie(login)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(client.sid).not.toBe(firstSid);
    expect((await client.get('/api/auth/me', { cookie: `prospector_sid=${firstSid}` })).statusCode).toBe(401);
  });

  it('gives a new session id at every login and ends the cookie the login came with', async () => {
    const client = createClient(t.app);
    const { email, password } = await signUp(client);
    const before = client.sid;
    await client.post('/api/auth/login', { email, password });
    expect(client.sid).not.toBe(before);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await client.get('/api/auth/me', { cookie: `prospector_sid=${before}` })).statusCode).toBe(401);
  });

  it('says the same for an unknown email and a wrong password', async () => {
    const client = createClient(t.app);
    const { email } = await signUp(client);
    const wrong = await client.post('/api/auth/login', { email, password: 'wrong-password' });
    const unknown = await client.post('/api/auth/login', {
      email: uniqueEmail(),
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect([unknown.statusCode, unknown.body]).toEqual([wrong.statusCode, wrong.body]);
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it('validates login input with the spec messages', async () => {
    const client = createClient(t.app);
    const noPassword = await client.post('/api/auth/login', { email: uniqueEmail(), password: '' });
    expect(noPassword.json()).toEqual({ message: 'Password is required', code: 'VALIDATION_ERROR' });
    const badEmail = await client.post('/api/auth/login', { email: 'x', password: 'p' });
    expect(badEmail.json()).toEqual({ message: 'Invalid email address', code: 'VALIDATION_ERROR' });
  });

  it('answers 401 "Not authenticated" without or with a bogus cookie', async () => {
    const client = createClient(t.app);
    for (const cookie of [undefined, 'prospector_sid=bogus', 'prospector_sid=']) {
      const response = await client.get('/api/auth/me', cookie ? { cookie } : {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Not authenticated', code: 'UNAUTHORIZED' });
    }
  });

  it('logout without a session still answers 200', async () => {
    const response = await createClient(t.app).post('/api/auth/logout', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });
});

describe('secure cookies', () => {
  it('marks the cookie Secure when APP_URL is https', async () => {
    const secure = await createTestApp({
      database: t.database,
      config: testConfig({ appUrl: 'https://p.example' }),
    });
    try {
      const response = await createClient(secure.app).post('/api/auth/register', {
        email: uniqueEmail(),
        password: 'password-1',
        fullName: 'S',
      });
      expect(sessionCookie(response)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await secure.close();
    }
  });
});
