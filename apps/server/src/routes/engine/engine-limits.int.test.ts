import { randomUUID } from 'node:crypto';
import { claimMailboxSends, deliverSend } from '@prospector/core';
import { emailLogs, gmailAccounts } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser } from '../../testing/engine-test-kit';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

describe('per-mailbox daily limit (rule 9)', () => {
  let u: EngineUser;
  let runs = 0;
  beforeAll(async () => {
    u = await engineUser(env);
  });

  it('is never exceeded, whatever the stream of due sends, earlier sends and concurrent claims', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 4 }),
        async (limit, alreadySent, due, workers) => {
          env.clock.set(new Date('2025-05-01T09:00:00Z'));
          // A new mailbox for each case: its own quota.
          runs += 1;
          const email = `limit-${runs}-${randomUUID().slice(0, 6)}@engine-test.example`;
          await connectMailbox(u.browser, email);
          const [mailbox] = await env.database.db
            .update(gmailAccounts)
            .set({ dailyLimit: limit, minGapSeconds: 0, maxGapSeconds: 0 })
            .where(eq(gmailAccounts.email, email))
            .returning();
          const account = mailbox!;
          // Earlier sends in the rolling 24 hours count against the limit.
          if (alreadySent > 0) {
            await env.database.db.insert(emailLogs).values(
              Array.from({ length: alreadySent }, () => ({
                workspaceId: u.workspaceId,
                senderAccountId: account.id,
                senderEmail: account.email.toLowerCase(),
                status: 'sent' as const,
                createdAt: new Date('2025-05-01T08:00:00Z'),
              })),
            );
          }
          const template = await u.template();
          const sequence = await u.sequence({ senderAccountId: account.id });
          await u.step(sequence.id, 1, { templateId: template.id });
          const people = [];
          for (let i = 0; i < due; i++) people.push(await u.contact());
          await u.list(sequence.id, people);
          await u.launch(sequence.id);
          env.clock.set(new Date('2025-05-01T10:00:00Z'));
          const claims = await Promise.all(
            Array.from({ length: workers }, () => claimMailboxSends(u.deps, account.id)),
          );
          const claimed = claims.flat();
          for (const id of claimed) await deliverSend(u.deps, id);
          const counted = await env.database.db
            .select()
            .from(emailLogs)
            .where(
              and(eq(emailLogs.senderAccountId, account.id), inArray(emailLogs.status, ['queued', 'sent'])),
            );
          expect(new Set(claimed).size).toBe(claimed.length);
          expect(claimed.length).toBeLessThanOrEqual(Math.max(0, limit - alreadySent));
          expect(counted.length).toBeLessThanOrEqual(Math.max(limit, alreadySent));
          expect(claimed.length).toBe(Math.min(due, Math.max(0, limit - alreadySent)));
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
