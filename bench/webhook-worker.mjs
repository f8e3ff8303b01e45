// One webhook worker for bench/webhooks-crash.mjs: delivery rounds over DATABASE_URL until no message is
// pending or in flight. CLOCK_OFFSET_MS moves its clock ahead (a restart "after the claim timeout" without
// waiting for it).
import { runWebhookRound } from '@prospector/core';
import { createDatabase } from '@prospector/db';
import { APP_SECRET } from './lib/webhook-bench.mjs';

const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const database = await createDatabase({ url: process.env.DATABASE_URL, poolSize: 8 });
const deps = {
  db: database.db,
  clock: { now: () => new Date(Date.now() + offset) },
  appSecret: APP_SECRET,
  webhooks: { allowPrivateUrls: true },
};
for (;;) {
  // Small rounds, so a kill lands while many messages are in flight and others are done.
  await runWebhookRound(deps, 50);
  const { rows } = await database.executeSql(
    `select count(*)::int as n from webhook_messages where state in ('pending', 'sending')`,
  );
  if (rows[0].n === 0) break;
}
await database.close();
