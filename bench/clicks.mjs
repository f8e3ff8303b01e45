// `npm run bench:clicks`: the click redirect (GET /t/c/{token}/{signature}?u={url}) of one server process over
// PostgreSQL, printed as one JSON object: requests per second, latency percentiles, errors and the CPU of the
// server and of the load generator, for links whose signature fails (a 404 page, no database), and for signed
// links of sent emails clicked by a person and by a bot (a 302 to the exact address at once). Clicks are
// buffered, held a second to see bursts, and written in batches (decision 039), so the figures are the HTTP
// answers; eventsRecorded shows every signed click was written, and serverCpuMicrosecondsPerRecordedRequest
// what a signed click cost the server, its answer and its write together.
//
// Seeds BENCH_SENDS (default 10,000) sent emails in a scratch database, starts the app as `npm start` runs
// it (the build when current, else the sources through tsx; the JSON says which) in a process of its own,
// and drives it from a load generator process (bench/lib/load-generator.mjs) with BENCH_CONNECTIONS
// (default 32) keep-alive connections: BENCH_WARM_UP_SECONDS (default 5) of warm-up, then BENCH_SECONDS
// (default 5) per case. With two cores or more, the server runs on core 0 and the load generator on core 1.
// BENCH_DATABASE_URL (default the local `test` database) is only used to create and drop the scratch database.
import { clickUrl } from '../packages/core/src/tracking/click-url.ts';
import { BENCH_APP_SECRET, PATHS_PER_CASE, SENDS, trackingBench } from './lib/tracking-bench.mjs';

const PERSON = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};
const BOT = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
const TARGET = 'https://acme.example/pricing?plan=pro&seats=3#faq';

/** The path and query of each email's signed link, as its sent email carries it. */
const links = Array.from({ length: SENDS }, (_, i) => {
  const url = new URL(clickUrl('http://bench', BENCH_APP_SECRET, `bench-open-token-${i + 1}`, TARGET));
  return `${url.pathname}${url.search}`;
});
const signedLinks = () =>
  Array.from({ length: PATHS_PER_CASE }, () => links[Math.floor(Math.random() * SENDS)]);
/** Signed links with another signature of the same length. */
const forgedLinks = () =>
  signedLinks().map((link, i) => link.replace(/\/[\w-]{16}\?/, `/forged${String(i).padStart(10, '0')}?`));

const redirect = { status: 302, location: TARGET };
const notValid = { status: 404 };

await trackingBench('clicks', {
  warmUp: { headers: PERSON, paths: forgedLinks(), expect: notValid },
  body: async ({ run, figures }) => {
    const badSignature = await run({
      name: 'bad signature',
      headers: PERSON,
      paths: forgedLinks(),
      expect: notValid,
    });
    const person = await run({
      name: 'signed link, person',
      headers: PERSON,
      paths: signedLinks(),
      expect: redirect,
    });
    const bot = await run({ name: 'signed link, bot', headers: BOT, paths: signedLinks(), expect: redirect });
    // Clicks are held a second and written in batches after the redirect answers: wait until all are in.
    return figures({ badSignature, signedLinkPerson: person, signedLinkBot: bot }, [person, bot]);
  },
});
