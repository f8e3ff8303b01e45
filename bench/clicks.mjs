// `npm run bench:clicks`: the click redirect (GET /t/c/{token}/{signature}?u={url}) on one server process over
// PostgreSQL, printed as one JSON object: requests per second and latency percentiles for links whose
// signature fails (a 404 page, no database), and for signed links of sent emails clicked by a person and by a
// bot (a 302 at once). Clicks are buffered, held a second to see bursts, and written in batches (decision 039),
// so the figures are the HTTP answers; eventsRecorded shows every signed click was written.
//
// Seeds BENCH_SENDS (default 10,000) sent emails in a scratch database, starts bench/app-server.mjs as a child
// process, and drives it from this process with BENCH_CONNECTIONS (default 32) keep-alive connections for
// BENCH_SECONDS (default 5) per case. BENCH_DATABASE_URL (default the local `test` database) is only used to
// create and drop the scratch database.
import { Pool } from 'undici';
import { clickUrl } from '../packages/core/src/tracking/click-url.ts';
import { scratchPostgres } from './lib/scratch-postgres.mjs';
import {
  BENCH_APP_SECRET,
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
const PERSON =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TARGET = 'https://acme.example/pricing?plan=pro&seats=3#faq';

/** The path and query of each email's signed link, as its sent email carries it. */
const links = Array.from({ length: SENDS }, (_, i) => {
  const url = new URL(clickUrl('http://bench', BENCH_APP_SECRET, `bench-open-token-${i + 1}`, TARGET));
  return `${url.pathname}${url.search}`;
});
const randomLink = () => links[Math.floor(Math.random() * SENDS)];

const scratch = await scratchPostgres();
const sql = (text, values) => scratch.database.executeSql(text, values);
let server;
try {
  await seedSentEmails(sql, SENDS);
  const started = await startAppServer(scratch.url);
  server = started.server;
  const pool = new Pool(`http://127.0.0.1:${started.port}`, { connections: CONNECTIONS, pipelining: 1 });

  const run = (name, pathOf, userAgent, status) =>
    measure(pool, {
      name,
      connections: CONNECTIONS,
      seconds: SECONDS,
      request: (i) => ({ method: 'GET', path: pathOf(i), headers: { 'user-agent': userAgent } }),
      ok: (response) =>
        response.statusCode === status && (status !== 302 || response.headers.location === TARGET),
    });

  const forged = (i) => randomLink().replace(/\/[\w-]{16}\?/, `/forged${String(i % 1e10).padStart(10, '0')}?`);
  // Warm-up: JIT, connection pool, plans.
  await run('warm-up', forged, PERSON, 404);
  const badSignature = await run('bad signature', forged, PERSON, 404);
  const person = await run('signed link, person', randomLink, PERSON, 302);
  const bot = await run('signed link, bot', randomLink, BOT, 302);
  const expected = person.requests + bot.requests;
  const events = await writtenEvents(sql, expected, person.startedAt);
  await pool.close();
  console.log(
    JSON.stringify(
      {
        bench: 'clicks',
        database: 'postgres',
        connections: CONNECTIONS,
        secondsPerCase: SECONDS,
        sends: SENDS,
        badSignature: summary(badSignature),
        signedLinkPerson: summary(person),
        signedLinkBot: summary(bot),
        signedClicks: expected,
        eventsRecorded: events.recorded,
        countedClicks: events.counted,
        // From the first signed click until its last click was in the database.
        clicksWrittenPerSecond: events.writtenPerSecond,
      },
      null,
      2,
    ),
  );
} finally {
  await stopAppServer(server);
  await scratch.drop();
}
