// `npm run bench:pixel`: the open pixel (GET /t/o/{token}.gif) of one server process over PostgreSQL, printed
// as one JSON object: requests per second, latency percentiles, errors and the CPU of the server and of the
// load generator, for unknown tokens, and known tokens opened by a person and by a bot. Opens are buffered
// and written in batches (decision 012), so the figures are the HTTP answers; eventsRecorded shows every
// known fetch was written, and serverCpuMicrosecondsPerRecordedRequest what a known fetch cost the server, its
// answer and its write together.
//
// Seeds BENCH_SENDS (default 10,000) sent emails in a scratch database, starts the app as `npm start` runs
// it (the build when current, else the sources through tsx; the JSON says which) in a process of its own,
// and drives it from a load generator process (bench/lib/load-generator.mjs) with BENCH_CONNECTIONS
// (default 32) keep-alive connections: BENCH_WARM_UP_SECONDS (default 5) of warm-up, then BENCH_SECONDS
// (default 5) per case. With two cores or more, the server runs on core 0 and the load generator on core 1.
// BENCH_DATABASE_URL (default the local `test` database) is only used to create and drop the scratch database.
import { PATHS_PER_CASE, SENDS, trackingBench } from './lib/tracking-bench.mjs';

const HUMAN = {
  'user-agent': 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
};
const BOT = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
const pixels = (tokenOf) => Array.from({ length: PATHS_PER_CASE }, (_, i) => `/t/o/${tokenOf(i)}.gif`);
const knownToken = () => `bench-open-token-${1 + Math.floor(Math.random() * SENDS)}`;
const gif = { status: 200, bodyLength: 43 };

await trackingBench('pixel', {
  warmUp: { headers: HUMAN, paths: pixels((i) => `warm-up-token-${i}`), expect: gif },
  body: async ({ run, figures }) => {
    const unknown = await run({
      name: 'unknown token',
      headers: HUMAN,
      paths: pixels((i) => `unknown-token-${i}-${SENDS}`),
      expect: gif,
    });
    const human = await run({
      name: 'known token, person',
      headers: HUMAN,
      paths: pixels(knownToken),
      expect: gif,
    });
    const bot = await run({ name: 'known token, bot', headers: BOT, paths: pixels(knownToken), expect: gif });
    // Opens are written in batches a moment after the pixel answers: wait until every known fetch is in.
    return figures({ unknownToken: unknown, knownTokenPerson: human, knownTokenBot: bot }, [human, bot]);
  },
});
