// The app's HTTP server alone (with the sandbox Google), for bench/engine-dispatch.mjs: buildApp over
// DATABASE_URL on PORT, APP_URL matching, no worker; prints `listening <port>` when ready.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@prospector/db';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  PORT: process.env.PORT,
  APP_URL: process.env.APP_URL,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'prospector-engine-bench-')),
  APP_SECRET: process.env.APP_SECRET,
  RUN_WORKER: 'false',
  LOG_LEVEL: 'silent',
});
const database = await createDatabase({ url: config.databaseUrl, poolSize: 20 });
const app = await buildApp({
  database,
  config,
  queue: { send: async () => null },
  webDistDir: config.dataDir,
});
await app.listen({ port: config.port, host: '127.0.0.1' });
process.stdout.write(`listening ${config.port}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
