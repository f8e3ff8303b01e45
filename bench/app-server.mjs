// The app's HTTP server alone, for the HTTP benchmarks: buildApp over DATABASE_URL (PGlite in a temporary
// folder when unset), no worker, serving the web build in BENCH_WEB_DIST when given, listening on an
// ephemeral port that it prints as `listening <port>` on stdout.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrateDatabase } from '@prospector/db';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'prospector-bench-')),
  APP_SECRET: 'pixel-bench-secret-pixel-bench-secret',
  RUN_WORKER: 'false',
  LOG_LEVEL: 'silent',
});
const database = config.databaseUrl
  ? await createDatabase({ url: config.databaseUrl, poolSize: 10 })
  : await createDatabase({ dataDir: join(config.dataDir, 'pglite') });
if (!config.databaseUrl) await migrateDatabase(database);
const app = await buildApp({
  database,
  config,
  queue: { send: async () => null },
  webDistDir: process.env.BENCH_WEB_DIST ?? config.dataDir,
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${app.server.address().port}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
