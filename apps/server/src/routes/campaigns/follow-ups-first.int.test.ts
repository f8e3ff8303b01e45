import { runEngineRound } from '@prospector/core';
import { gmailAccounts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

const at = (iso: string) => env.clock.set(new Date(iso));

/**
 * Day 1: Ada's first email goes at 10:00 and is not opened, so her follow-up is due on day 2 at 11:00.
 * Three new leads join the list on day 1 at 11:00; their first emails are due on day 2 at 10:00. On
 * day 2 at 11:00 the mailbox may send 2 more emails. Returns what was sent then.
 */
async function dayTwo(followUpsFirst: boolean) {
  at('2025-05-01T09:00:00Z');
  const u = await engineUser(env);
  const template = await u.template();
  const sequence = await u.sequence({ followUpsFirst });
  const first = await u.step(sequence.id, 1, {
    templateId: template.id,
    sendHour: 10,
    reactionWindowHours: 1,
  });
  const second = await u.step(sequence.id, 2, { templateId: template.id, sendHour: 11 });
  await u.linkStep(first.id, { notOpenedStepId: second.id, notOpenedWaitDays: 1 });
  const ada = await u.contact();
  const list = await u.list(sequence.id, [ada]);
  expect((await u.launch(sequence.id)).status).toBe(200);
  at('2025-05-01T10:00:00Z');
  await runEngineRound(u.deps);
  at('2025-05-01T11:00:00Z');
  await u.addToList(list.id, [await u.contact(), await u.contact(), await u.contact()]);
  await runEngineRound(u.deps);
  const followUp = (await u.sends(sequence.id)).find((send) => send.stepId === second.id);
  expect(followUp).toMatchObject({ state: 'scheduled', followUp: true });
  expect(followUp?.scheduledFor.toISOString()).toBe('2025-05-02T11:00:00.000Z');

  await env.database.db
    .update(gmailAccounts)
    .set({ dailyLimit: 2 })
    .where(eq(gmailAccounts.id, u.account.id));
  at('2025-05-02T11:00:00Z');
  const round = await runEngineRound(u.deps);
  expect(round.sent).toBe(2);
  const sentToday = (await u.sends(sequence.id)).filter(
    (send) => send.state === 'sent' && send.sentAt?.toISOString() === '2025-05-02T11:00:00.000Z',
  );
  return { sentToday, followUpStep: second.id };
}

describe('within the daily limit', () => {
  it('a due follow-up goes before first emails that are due earlier', async () => {
    const { sentToday, followUpStep } = await dayTwo(true);
    expect(sentToday).toHaveLength(2);
    expect(sentToday.filter((send) => send.stepId === followUpStep)).toHaveLength(1);
  });

  it('without follow-ups first, the oldest due emails go first', async () => {
    const { sentToday, followUpStep } = await dayTwo(false);
    expect(sentToday).toHaveLength(2);
    expect(sentToday.filter((send) => send.stepId === followUpStep)).toHaveLength(0);
  });
});
