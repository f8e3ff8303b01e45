// `npm run bench:pixel`: the open pixel (GET /t/o/{token}.gif) on one server process over PostgreSQL, printed
// as one JSON object: requests per second and latency percentiles for unknown tokens (one indexed lookup),
// known tokens opened by a person and by a bot. Opens are buffered and written in batches (decision 012), so
// the figures are the HTTP answers; eventsRecorded shows every known fetch was written.
//
// Seeds BENCH_SENDS (default 10,000) sent emails in a scratch database, starts bench/app-server.mjs (the
// real Fastify app, no worker) as a child process, and drives it from this process with BENCH_CONNECTIONS
// (default 32) keep-alive connections for BENCH_SECONDS (default 5) per case. BENCH_DATABASE_URL (default the
// local `test` database) is only used to create and drop the scratch database.
import { SENDS, summary, trackingBench, writtenEvents } from './lib/tracking-bench.mjs';

const HUMAN = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const knownToken = () => `bench-open-token-${1 + Math.floor(Math.random() * SENDS)}`;

await trackingBench('pixel', async ({ sql, run }) => {
  const pixel = (name, tokenOf, userAgent) =>
    run(
      name,
      (i) => ({ method: 'GET', path: `/t/o/${tokenOf(i)}.gif`, headers: { 'user-agent': userAgent } }),
      (response, body) => response.statusCode === 200 && body.length === 43,
    );
  // Warm-up: JIT, connection pool, plans.
  await pixel('warm-up', (i) => `warm-up-token-${i}`, HUMAN);
  const unknown = await pixel('unknown token', (i) => `unknown-token-${i}-${SENDS}`, HUMAN);
  const human = await pixel('known token, person', knownToken, HUMAN);
  const bot = await pixel('known token, bot', knownToken, BOT);
  // Opens are written in batches a moment after the pixel answers: wait until every known fetch is in.
  const expected = human.requests + bot.requests;
  const events = await writtenEvents(sql, expected, human.startedAt);
  return {
    unknownToken: summary(unknown),
    knownTokenPerson: summary(human),
    knownTokenBot: summary(bot),
    knownFetches: expected,
    eventsRecorded: events.recorded,
    countedOpens: events.counted,
    // From the first known fetch until its last open was in the database.
    opensWrittenPerSecond: events.writtenPerSecond,
  };
});
