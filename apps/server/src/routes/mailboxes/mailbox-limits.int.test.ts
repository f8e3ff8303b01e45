import {
  dailyLimitAboveProviderMaximum,
  dailyLimitAboveRampUp,
  type GmailAccount,
  type GmailQuota,
  MIN_GAP_ABOVE_MAX,
} from '@prospector/contracts';
import { DAY_MS } from '@prospector/core';
import { gmailAccounts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

let counter = 0;
let owner: ReturnType<MailboxApp['browser']>;
let stranger: ReturnType<MailboxApp['browser']>;
beforeAll(async () => {
  owner = env.browser();
  await owner.signUp();
  stranger = env.browser();
  await stranger.signUp();
});

/** A new mailbox of the owner, with helpers to patch it and read its row. */
async function connected() {
  counter += 1;
  const email = `limits.${counter}@limits-test.example`;
  const browser = owner;
  await connectMailbox(browser, email);
  const accounts = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
  const account = accounts.find((a) => a.email === email)!;
  const url = `/api/gmail/accounts/${account.id}`;
  const patch = (body: unknown) => browser.patch(url, body);
  const stored = async () =>
    (await env.database.db.select().from(gmailAccounts).where(eq(gmailAccounts.id, account.id)))[0]!;
  return { browser, account, url, patch, stored };
}

describe('PATCH /api/gmail/accounts/{id}', () => {
  it('lists a new mailbox with the default limits: the ramp-up limit and gaps of 60 to 180 seconds', async () => {
    const { account } = await connected();
    expect(account.sendingLimits).toEqual({
      dailyLimit: null,
      effectiveDailyLimit: 50,
      rampUpLimit: 50,
      warmedUp: false,
      providerMaximum: 2000,
      sendingSince: '2025-05-01T09:00:00.000Z',
      ageFrom: 'connection',
      minGapSeconds: 60,
      maxGapSeconds: 180,
    });
  });

  it('sets the daily limit and gaps, 0 and 0 included, and the quota follows', async () => {
    const { browser, account, patch, stored } = await connected();
    const response = await patch({ dailyLimit: 20, minGapSeconds: 0, maxGapSeconds: 0 });
    expect(response.status).toBe(200);
    expect(response.json<GmailAccount>().sendingLimits).toEqual({
      dailyLimit: 20,
      effectiveDailyLimit: 20,
      rampUpLimit: 50,
      warmedUp: false,
      providerMaximum: 2000,
      sendingSince: '2025-05-01T09:00:00.000Z',
      ageFrom: 'connection',
      minGapSeconds: 0,
      maxGapSeconds: 0,
    });
    expect(await stored()).toMatchObject({ dailyLimit: 20, minGapSeconds: 0, maxGapSeconds: 0 });
    const quotas = (await browser.get('/api/gmail/quota')).json<GmailQuota[]>();
    expect(quotas.find((q) => q.accountId === account.id)?.limit).toBe(20);
  });

  it('keeps fields that are left out, and null restores the default daily limit', async () => {
    const { patch, stored } = await connected();
    await patch({ dailyLimit: 10, minGapSeconds: 30, maxGapSeconds: 90 });
    expect((await patch({ maxGapSeconds: 120 })).status).toBe(200);
    expect(await stored()).toMatchObject({ dailyLimit: 10, minGapSeconds: 30, maxGapSeconds: 120 });
    const restored = await patch({ dailyLimit: null });
    expect(restored.json<GmailAccount>().sendingLimits).toMatchObject({
      dailyLimit: null,
      effectiveDailyLimit: 50,
    });
    expect(await stored()).toMatchObject({ dailyLimit: null, minGapSeconds: 30, maxGapSeconds: 120 });
  });

  it('refuses a daily limit above the ramp-up limit, and allows more once the mailbox is older', async () => {
    const { patch, stored } = await connected();
    const refused = await patch({ dailyLimit: 51 });
    expect(refused.status).toBe(400);
    expect(refused.json()).toEqual({ code: 'VALIDATION_ERROR', message: dailyLimitAboveRampUp(50) });
    expect((await stored()).dailyLimit).toBeNull();
    expect((await patch({ dailyLimit: 50 })).status).toBe(200);

    env.clock.advance(7 * DAY_MS);
    try {
      const older = await patch({ dailyLimit: 100 });
      expect(older.status).toBe(200);
      expect(older.json<GmailAccount>().sendingLimits).toMatchObject({ dailyLimit: 100, rampUpLimit: 100 });
      expect((await patch({ dailyLimit: 101 })).status).toBe(400);
    } finally {
      env.clock.advance(-7 * DAY_MS);
    }
  });

  it('lets a mailbox declared warmed up skip the ramp-up, up to the provider maximum', async () => {
    const { patch, stored } = await connected();
    const warm = await patch({ warmedUp: true, dailyLimit: 800 });
    expect(warm.status).toBe(200);
    expect(warm.json<GmailAccount>().sendingLimits).toMatchObject({
      dailyLimit: 800,
      effectiveDailyLimit: 800,
      rampUpLimit: 2000,
      warmedUp: true,
    });
    const above = await patch({ dailyLimit: 2001 });
    expect([above.status, above.json()]).toEqual([
      422,
      {
        code: 'ABOVE_PROVIDER_MAXIMUM',
        message: dailyLimitAboveProviderMaximum(2000),
        providerMaximum: 2000,
      },
    ]);
    expect((await stored()).dailyLimit).toBe(800);
    // Declared cold again, the ramp-up applies once more.
    const cold = await patch({ warmedUp: false, dailyLimit: null });
    expect(cold.json<GmailAccount>().sendingLimits).toMatchObject({
      effectiveDailyLimit: 50,
      warmedUp: false,
    });
    expect((await patch({ warmedUp: 'yes' })).json<{ message: string }>().message).toBe(
      'Warmed up must be true or false',
    );
  });

  it.each([
    [{ dailyLimit: 0 }, 'Daily limit must be at least 1'],
    [{ dailyLimit: -5 }, 'Daily limit must be at least 1'],
    [{ dailyLimit: 2.5 }, 'Daily limit must be a whole number'],
    [{ dailyLimit: '10' }, 'Daily limit must be a number'],
    [{ minGapSeconds: -1 }, 'Minimum gap cannot be negative'],
    [{ maxGapSeconds: 1.5 }, 'Maximum gap must be a whole number of seconds'],
    [{ maxGapSeconds: 86_401 }, 'Maximum gap cannot be more than 86400 seconds (one day)'],
    [{ minGapSeconds: 200, maxGapSeconds: 100 }, MIN_GAP_ABOVE_MAX],
  ])('refuses %j with a clear message and changes nothing', async (body, message) => {
    const { patch, stored } = await connected();
    const before = await stored();
    const response = await patch(body);
    expect(response.status).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('brings the next allowed send forward when the gap shrinks', async () => {
    const { patch, stored, account } = await connected();
    const now = env.clock.now().getTime();
    const set = (nextSendAt: Date) =>
      env.database.db.update(gmailAccounts).set({ nextSendAt }).where(eq(gmailAccounts.id, account.id));
    await set(new Date(now + 170_000));
    await patch({ maxGapSeconds: 240 });
    expect((await stored()).nextSendAt).toEqual(new Date(now + 170_000));
    await patch({ minGapSeconds: 0, maxGapSeconds: 30 });
    expect((await stored()).nextSendAt).toEqual(new Date(now + 30_000));
    await patch({ minGapSeconds: 0, maxGapSeconds: 0 });
    expect((await stored()).nextSendAt).toEqual(new Date(now));
  });

  it('checks a gap given alone against the stored other end', async () => {
    const { patch, stored } = await connected();
    const response = await patch({ minGapSeconds: 181 });
    expect(response.status).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(MIN_GAP_ABOVE_MAX);
    expect((await patch({ minGapSeconds: 180 })).status).toBe(200);
    expect(await stored()).toMatchObject({ minGapSeconds: 180, maxGapSeconds: 180 });
  });

  it("answers 404 for another user's mailbox and for a malformed id, and changes nothing", async () => {
    const mailbox = await connected();
    const before = await mailbox.stored();
    const foreign = await stranger.patch(mailbox.url, { dailyLimit: 5 });
    expect(foreign.status).toBe(404);
    expect(foreign.json<{ message: string }>().message).toBe('Gmail account not found');
    expect((await owner.patch('/api/gmail/accounts/not-a-uuid', { dailyLimit: 5 })).status).toBe(404);
    expect(await mailbox.stored()).toEqual(before);
  });

  it('requires a session', async () => {
    const { url } = await connected();
    expect((await env.browser().patch(url, { dailyLimit: 5 })).status).toBe(401);
  });
});
