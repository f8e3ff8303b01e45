import { claimRound, deliverSend, dispatchDueSends, type EngineDeps } from '@prospector/core';
import { emailLogs, gmailAccounts } from '@prospector/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser, header } from '../../testing/engine-test-kit';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

// Each test sends every email it launched: claims walk every user's ready mailboxes, so none may be left over.
let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
  env.clock.set(new Date('2025-05-01T09:00:00Z'));
});
afterAll(() => env?.close());

/** A user with `count` mailboxes (gaps 0) and a launched sequence pinning `perMailbox` due emails to each. */
async function mailboxes(count: number, perMailbox: number) {
  const u = await engineUser(env);
  for (let i = 1; i < count; i++)
    await connectMailbox(u.browser, `box-${i}-${u.workspaceId.slice(0, 8)}@engine-test.example`);
  await env.database.db
    .update(gmailAccounts)
    .set({ minGapSeconds: 0, maxGapSeconds: 0 })
    .where(eq(gmailAccounts.workspaceId, u.workspaceId));
  // By id: the order every worker reads the ready mailboxes in.
  const boxes = await env.database.db
    .select()
    .from(gmailAccounts)
    .where(eq(gmailAccounts.workspaceId, u.workspaceId))
    .orderBy(asc(gmailAccounts.id));
  const { sequence } = await u.launchOneStep(perMailbox * count, {
    senderAccountIds: boxes.map((b) => b.id),
  });
  env.clock.set(new Date('2025-05-01T10:00:00Z'));
  return { u, boxes: boxes.map((b) => b.id), sequence };
}

const worker = (u: EngineUser, claimOffset: number): EngineDeps => ({ ...u.deps, claimOffset });

async function expectEachSentOnce(u: EngineUser, sequenceId: string, count: number) {
  const inbox = await u.inbox();
  expect(inbox).toHaveLength(count);
  expect(new Set(inbox.map((m) => header(m, 'Message-ID'))).size).toBe(count);
  const sends = await u.sends(sequenceId);
  expect(sends).toHaveLength(count);
  expect(sends.every((s) => s.state === 'sent' && s.attempts === 1)).toBe(true);
  const logs = await env.database.db.select().from(emailLogs).where(eq(emailLogs.workspaceId, u.workspaceId));
  expect(logs.map((l) => l.status)).toEqual(Array(count).fill('sent'));
}

describe('several engine workers', () => {
  it('claim from different mailboxes at once, each starting at its own offset, and send every email once', async () => {
    const { u, boxes, sequence } = await mailboxes(8, 2);
    const a = worker(u, 0);
    const b = worker(u, 0.5);
    // A round of 4 spreads over 4 mailboxes: one email from each of the worker's own first four.
    const [first, second] = await Promise.all([claimRound(a, { budget: 4 }), claimRound(b, { budget: 4 })]);
    expect(first.map((claim) => claim.mailboxId)).toEqual(boxes.slice(0, 4));
    expect(second.map((claim) => claim.mailboxId)).toEqual(boxes.slice(4));
    for (const claim of [...first, ...second]) expect(claim.sendIds).toHaveLength(1);
    for (const id of [...first, ...second].flatMap((claim) => claim.sendIds)) await deliverSend(u.deps, id);

    const [sentByA, sentByB] = await Promise.all([
      dispatchDueSends(a, { claimsPerRound: 4 }),
      dispatchDueSends(b, { claimsPerRound: 4 }),
    ]);
    expect(sentByA.sent + sentByB.sent).toBe(8);
    await expectEachSentOnce(u, sequence.id, 16);
  });

  it('a worker goes on to the other workers’ mailboxes once its own have given their share', async () => {
    const { u, boxes, sequence } = await mailboxes(4, 2);
    const claims = await claimRound(worker(u, 0.75), { budget: 8 });
    expect(claims.map((claim) => claim.mailboxId)).toEqual([boxes[3], boxes[0], boxes[1], boxes[2]]);
    for (const id of claims.flatMap((claim) => claim.sendIds)) await deliverSend(u.deps, id);
    await expectEachSentOnce(u, sequence.id, 8);
  });

  // PGlite has one session, so a mailbox can never be locked by one claim while another runs there.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a worker that finds its first mailbox locked by another moves on to its next one',
    async () => {
      const { u, boxes, sequence } = await mailboxes(4, 2);
      const b = worker(u, 0.5);
      const claimed = await env.database.db.transaction(async (tx) => {
        await tx.select().from(gmailAccounts).where(eq(gmailAccounts.id, boxes[2]!)).for('update');
        return claimRound(b, { budget: 8 });
      });
      expect(claimed.map((claim) => claim.mailboxId)).toEqual([boxes[3], boxes[0], boxes[1]]);
      await dispatchDueSends(b);
      for (const id of claimed.flatMap((claim) => claim.sendIds)) await deliverSend(u.deps, id);
      await expectEachSentOnce(u, sequence.id, 8);
    },
  );
});
