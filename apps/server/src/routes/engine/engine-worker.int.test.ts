import { launchSequence, SYSTEM_ACTOR } from '@prospector/core';
import type { PgBoss } from '@prospector/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueue, startSendingEngine } from '../../jobs';
import type { Log } from '../../log';
import { engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

const quiet: Log = { info: () => {}, warn: () => {}, error: () => {} };
let env: MailboxApp;
let boss: PgBoss;

beforeAll(async () => {
  env = await startMailboxApp();
  boss = await startQueue(env.database, quiet, { maintenance: false });
  await startSendingEngine(boss, { ...env.core, appUrl: env.appUrl, queue: boss }, quiet);
});
afterAll(async () => {
  await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
  await env?.close();
});

describe('the sending engine through pg-boss', () => {
  it('a launch asks for a round, and the worker sends what is due', async () => {
    const u = await engineUser(env);
    const template = await u.template();
    const sequence = await u.sequence();
    // Due at once: 09:00 on the test clock's day.
    await u.step(sequence.id, 1, { templateId: template.id, sendHour: 9 });
    await u.list(sequence.id, [await u.contact(), await u.contact()]);
    const launched = await launchSequence(
      { ...u.deps, queue: boss },
      u.workspaceId,
      SYSTEM_ACTOR,
      sequence.id,
    );
    expect(launched.enrolled).toBe(2);
    // Gmail has a message before the worker's mark records it: wait for both.
    const states = async () => (await u.sends(sequence.id)).map((s) => s.state);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && ((await u.inbox()).length < 2 || (await states()).includes('sending')))
      await new Promise((r) => setTimeout(r, 100));
    expect(await u.inbox()).toHaveLength(2);
    expect(await states()).toEqual(['sent', 'sent']);
  });
});
