// One engine worker for bench/engine-crash.mjs and bench/engine-scale.mjs: runs engine rounds over
// DATABASE_URL until nothing is due or in flight, printing `sent <n>` after each round and, at the end,
// `cpu <user µs> <system µs>` (its own CPU; the `ready` line before the first round gives the part spent
// starting up). CLOCK_OFFSET_MS moves its clock ahead (a restart
// "after the reconcile timeout" without waiting for it).

import { runEngineRound } from '@prospector/core';
import { createDatabase } from '@prospector/db';
import { loadConfig } from '../apps/server/src/config.ts';
import { googleSettings } from '../apps/server/src/routes/mailboxes/google-settings.ts';

const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  PORT: process.env.PORT,
  APP_URL: process.env.APP_URL,
  APP_SECRET: process.env.APP_SECRET,
  LOG_LEVEL: 'silent',
});
const database = await createDatabase({ url: config.databaseUrl, poolSize: 24 });
const deps = {
  db: database.db,
  clock: { now: () => new Date(Date.now() + offset) },
  appSecret: config.appSecret,
  appUrl: config.appUrl,
  google: googleSettings(config),
};
const ready = process.cpuUsage();
process.stdout.write(`ready ${ready.user} ${ready.system}\n`);
for (;;) {
  const round = await runEngineRound(deps, { concurrency: 32, maxRounds: 1 });
  process.stdout.write(`sent ${round.sent} reconciled ${round.reconciled}\n`);
  const { rows } = await database.executeSql(
    `select count(*)::int as n from email_sends where state in ('scheduled', 'sending')`,
  );
  if (rows[0].n === 0) break;
}
await database.close();
const cpu = process.cpuUsage();
process.stdout.write(`cpu ${cpu.user} ${cpu.system}\n`);
