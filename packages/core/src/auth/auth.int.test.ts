import { randomUUID } from 'node:crypto';
import { type Database, passwordResetTokens, userSessions, users } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { createManualClock, DAY_MS, MINUTE_MS } from '../clock';
import type { PasswordResetMessage } from '../mail/system-mailer';
import { changePassword } from './change-password';
import { loginUser } from './login-user';
import { registerUser } from './register-user';
import { resetPassword } from './reset-password';
import { resolveSession } from './resolve-session';
import { sendPasswordResetEmail } from './send-password-reset-email';

let database: Database;
const clock = createManualClock(new Date('2025-03-01T10:00:00Z'));
const deps = () => ({ db: database.db, clock });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const newEmail = () => `user-${randomUUID()}@example.com`;
const register = (email = newEmail(), password = 'first-password') =>
  registerUser(deps(), { email, password, fullName: 'Test User' });

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('register and login', () => {
  it('stores an argon2id hash and rejects a second account for the same email in any case', async () => {
    const { user } = await register();
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const error = await errorOf(register(user.email.toUpperCase()));
    expect(error.code).toBe('DUPLICATE_EMAIL');
  });

  it('stores only the SHA-256 of the session token, and starts a new session at every login', async () => {
    const email = newEmail();
    const first = await register(email);
    const second = await loginUser(
      deps(),
      { email, password: 'first-password' },
      { previousToken: first.session.token },
    );
    expect(second.session.token).not.toBe(first.session.token);
    const rows = await database.db.select().from(userSessions).where(eq(userSessions.userId, first.user.id));
    expect(rows.map((r) => r.sid)).not.toContain(second.session.token);
    // The cookie the login arrived with is ended.
    expect(await resolveSession(deps(), first.session.token)).toBeNull();
    expect(await resolveSession(deps(), second.session.token)).toMatchObject({ userId: first.user.id });
  });

  it('fails the same way for an unknown email and a wrong password', async () => {
    const { user } = await register();
    const wrong = await errorOf(loginUser(deps(), { email: user.email, password: 'not-it' }));
    const unknown = await errorOf(loginUser(deps(), { email: newEmail(), password: 'not-it' }));
    expect([wrong.code, wrong.message]).toEqual(['UNAUTHORIZED', 'Invalid email or password']);
    expect([unknown.code, unknown.message]).toEqual([wrong.code, wrong.message]);
  });

  it('expires sessions after 30 days', async () => {
    const local = createManualClock(clock.now());
    const { session } = await registerUser(
      { db: database.db, clock: local },
      { email: newEmail(), password: 'first-password', fullName: 'T' },
    );
    local.advance(30 * DAY_MS - MINUTE_MS);
    expect(await resolveSession({ db: database.db, clock: local }, session.token)).not.toBeNull();
    local.advance(2 * MINUTE_MS);
    expect(await resolveSession({ db: database.db, clock: local }, session.token)).toBeNull();
  });
});

describe('change password', () => {
  it('checks the current password, then ends every other session but keeps this one', async () => {
    const email = newEmail();
    const here = await register(email);
    const elsewhere = await loginUser(deps(), { email, password: 'first-password' });
    const identity = (await resolveSession(deps(), here.session.token))!;
    const bad = await errorOf(
      changePassword(deps(), identity, { currentPassword: 'nope', newPassword: 'second-password' }),
    );
    expect([bad.code, bad.message]).toEqual(['BAD_REQUEST', 'Current password is incorrect']);
    await changePassword(deps(), identity, {
      currentPassword: 'first-password',
      newPassword: 'second-password',
    });
    expect(await resolveSession(deps(), here.session.token)).not.toBeNull();
    expect(await resolveSession(deps(), elsewhere.session.token)).toBeNull();
    await expect(loginUser(deps(), { email, password: 'second-password' })).resolves.toBeDefined();
  });
});

describe('password reset', () => {
  const mailDeps = () => {
    const sent: PasswordResetMessage[] = [];
    const mailer = {
      sendPasswordReset: async (m: PasswordResetMessage) => void sent.push(m),
      sendInvitation: async () => {},
    };
    return { sent, deps: { ...deps(), mailer, appUrl: 'https://prospector.example' } };
  };
  const tokenOf = (m: PasswordResetMessage | undefined) => new URL(m!.url).searchParams.get('token')!;

  it('mails a link from APP_URL, stores only the hash, and sends nothing for an unknown address', async () => {
    const { user } = await register();
    const { sent, deps: d } = mailDeps();
    expect(await sendPasswordResetEmail(d, newEmail())).toEqual({ sent: false });
    expect(await sendPasswordResetEmail(d, user.email)).toEqual({ sent: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.startsWith('https://prospector.example/reset-password?token=')).toBe(true);
    const token = tokenOf(sent[0]);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('resets once, ends every session, and retires the other links', async () => {
    const email = newEmail();
    const { session } = await register(email);
    const { sent, deps: d } = mailDeps();
    await sendPasswordResetEmail(d, email);
    await sendPasswordResetEmail(d, email);
    await resetPassword(deps(), { token: tokenOf(sent[1]), newPassword: 'reset-password-1' });
    expect(await resolveSession(deps(), session.token)).toBeNull();
    await expect(loginUser(deps(), { email, password: 'reset-password-1' })).resolves.toBeDefined();
    for (const used of [sent[1], sent[0]]) {
      const again = await errorOf(
        resetPassword(deps(), { token: tokenOf(used), newPassword: 'another-one' }),
      );
      expect([again.code, again.message]).toEqual(['INVALID_TOKEN', 'Invalid or expired reset token']);
    }
  });

  it('accepts a token for 15 minutes and not after', async () => {
    const [inTime, late] = [newEmail(), newEmail()];
    await register(inTime);
    await register(late);
    const local = createManualClock(clock.now());
    const { sent, deps: d } = mailDeps();
    await sendPasswordResetEmail({ ...d, clock: local }, inTime);
    await sendPasswordResetEmail({ ...d, clock: local }, late);
    const at = (ms: number) => ({
      db: database.db,
      clock: createManualClock(new Date(local.now().getTime() + ms)),
    });
    await resetPassword(at(15 * MINUTE_MS - 1000), { token: tokenOf(sent[0]), newPassword: 'in-time-1' });
    const error = await errorOf(
      resetPassword(at(15 * MINUTE_MS + 1000), { token: tokenOf(sent[1]), newPassword: 'too-late-1' }),
    );
    expect(error.code).toBe('INVALID_TOKEN');
  });
});
