// `npm run bench:pixel`: the open pixel (GET /t/o/{token}.gif) on one server process over PostgreSQL, printed
// as one JSON object: requests per second and latency percentiles for unknown tokens (one indexed lookup),
// known tokens opened by a person and by a bot. Opens are buffered and written in batches (decision 012), so
// the figures are the HTTP answers; eventsRecorded shows every known fetch was written.
//
// Seeds BENCH_SENDS (default 10,000) sent emails in a scratch database, starts bench/app-server.mjs (the
// real Fastify app, no worker) as a child process, and drives it from this process with BENCH_CONNECTIONS
// (default 32) keep-alive connections for BENCH_SECONDS (default 5) per case. BENCH_DATABASE_URL (default the
// local `test` database) is only used to create and drop the scratch database.
import { Pool } from 'undici';
import { scratchPostgres } from './lib/scratch-postgres.mjs';
import {
  measure,
  seedSentEmails,
  startAppServer,
  stopAppServer,
  summary,
  writtenEvents,
} from './lib/tracking-bench.mjs';

const SENDS = Number(process.env.BENCH_SENDS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const HUMAN = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const scratch = await scratchPostgres();
const sql = (text, values) => scratch.database.executeSql(text, values);
let server;
try {
  await seedSentEmails(sql, SENDS);
  const started = await startAppServer(scratch.url);
  server = started.server;
  const pool = new Pool(`http://127.0.0.1:${started.port}`, { connections: CONNECTIONS, pipelining: 1 });

  const run = (name, tokenOf, userAgent) =>
    measure(pool, {
      name,
      connections: CONNECTIONS,
      seconds: SECONDS,
      request: (i) => ({ method: 'GET', path: `/t/o/${tokenOf(i)}.gif`, headers: { 'user-agent': userAgent } }),
      ok: (response, body) => response.statusCode === 200 && body.length === 43,
    });

  // Warm-up: JIT, connection pool, plans.
  await run('warm-up', (i) => `warm-up-token-${i}`, HUMAN);
  const unknown = await run('unknown token', (i) => `unknown-token-${i}-${SENDS}`, HUMAN);
  const human = await run(
    'known token, person',
    () => `bench-open-token-${1 + Math.floor(Math.random() * SENDS)}`,
    HUMAN,
  );
  const bot = await run(
    'known token, bot',
    () => `bench-open-token-${1 + Math.floor(Math.random() * SENDS)}`,
    BOT,
  );
  // Opens are written in batches a moment after the pixel answers: wait until every known fetch is in.
  const expected = human.requests + bot.requests;
  const events = await writtenEvents(sql, expected, human.startedAt);
  await pool.close();
  console.log(
    JSON.stringify(
      {
        bench: 'pixel',
        database: 'postgres',
        connections: CONNECTIONS,
        secondsPerCase: SECONDS,
        sends: SENDS,
        unknownToken: summary(unknown),
        knownTokenPerson: summary(human),
        knownTokenBot: summary(bot),
        knownFetches: expected,
        eventsRecorded: events.recorded,
        countedOpens: events.counted,
        // From the first known fetch until its last open was in the database.
        opensWrittenPerSecond: events.writtenPerSecond,
      },
      null,
      2,
    ),
  );
} finally {
  await stopAppServer(server);
  await scratch.drop();
}
