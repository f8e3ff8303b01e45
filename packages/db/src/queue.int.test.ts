import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createQueue, type PgBoss, transactionQueueDb } from './queue';
import { users } from './schema';
import { createTestDatabase } from './testing';

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A started queue on a fresh database, with maintenance and cron off and fast polling for tests. */
async function startQueue(): Promise<{ database: Database; boss: PgBoss }> {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  const boss = createQueue(database, { supervise: false, schedule: false, pollingIntervalSeconds: 0.5 });
  boss.on('error', (error) => console.error(error));
  await boss.start();
  cleanups.push(() => boss.stop({ graceful: false, wait: true }));
  return { database, boss };
}

function until(done: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (done()) resolve();
      else if (Date.now() > deadline) reject(new Error('timed out'));
      else setTimeout(check, 20);
    };
    check();
  });
}

describe('createQueue', () => {
  it('sends jobs and works them off', async () => {
    const { boss } = await startQueue();
    await boss.createQueue('greet');
    const ids = await Promise.all([1, 2, 3].map((n) => boss.send('greet', { n })));
    expect(ids.every((id) => typeof id === 'string')).toBe(true);

    const seen: number[] = [];
    await boss.work<{ n: number }>('greet', { pollingIntervalSeconds: 0.5, batchSize: 10 }, async (jobs) => {
      for (const job of jobs) seen.push(job.data.n);
    });
    await until(() => seen.length === 3);
    expect(seen.sort()).toEqual([1, 2, 3]);

    let state: string | undefined;
    const poll = setInterval(async () => {
      state = (await boss.getJobById('greet', ids[0]!))?.state;
    }, 50);
    await until(() => state === 'completed').finally(() => clearInterval(poll));
  });

  it('inserts a large batch and works it off', async () => {
    const { boss } = await startQueue();
    await boss.createQueue('bulk');
    const total = 2_000;
    await boss.insert(Array.from({ length: total }, (_, i) => ({ name: 'bulk', data: { i } })));
    expect(await boss.getQueueSize('bulk')).toBe(total);

    let done = 0;
    await boss.work('bulk', { pollingIntervalSeconds: 0.5, batchSize: 500 }, async (jobs) => {
      done += jobs.length;
    });
    await until(() => done === total, 25_000);
    expect(done).toBe(total);
  });

  it('retries a failing job', async () => {
    const { boss } = await startQueue();
    await boss.createQueue('flaky', { name: 'flaky', retryLimit: 2, retryDelay: 0 });
    await boss.send('flaky', {});
    let attempts = 0;
    await boss.work('flaky', { pollingIntervalSeconds: 0.5 }, async () => {
      attempts += 1;
      if (attempts < 2) throw new Error('first try fails');
    });
    await until(() => attempts === 2);
    expect(attempts).toBe(2);
  });

  it('enqueues inside a transaction only when it commits', async () => {
    const { database, boss } = await startQueue();
    await boss.createQueue('welcome');
    const user = { email: 'tx@example.com', fullName: 'Tx', passwordHash: 'x' };

    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(user);
      await boss.send('welcome', { email: user.email }, { db: transactionQueueDb(tx) });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ ...user, email: 'rolled-back@example.com' });
        await boss.send('welcome', { email: 'rolled-back@example.com' }, { db: transactionQueueDb(tx) });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    const jobs = await boss.fetch<{ email: string }>('welcome', { batchSize: 10 });
    expect(jobs.map((job) => job.data.email)).toEqual([user.email]);

    // Array parameters (uuid[]) pass through the adapter intact.
    const ids = jobs.map((job) => job.id);
    await database.db.transaction((tx) => boss.cancel('welcome', ids, { db: transactionQueueDb(tx) }));
    expect((await boss.getJobById('welcome', ids[0]!))?.state).toBe('cancelled');
  });
});
