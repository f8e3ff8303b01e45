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
import { clickUrl } from '../packages/core/src/tracking/click-url.ts';
import { BENCH_APP_SECRET, SENDS, summary, trackingBench, writtenEvents } from './lib/tracking-bench.mjs';

const PERSON =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TARGET = 'https://acme.example/pricing?plan=pro&seats=3#faq';

/** The path and query of each email's signed link, as its sent email carries it. */
const links = Array.from({ length: SENDS }, (_, i) => {
  const url = new URL(clickUrl('http://bench', BENCH_APP_SECRET, `bench-open-token-${i + 1}`, TARGET));
  return `${url.pathname}${url.search}`;
});
const signedLink = () => links[Math.floor(Math.random() * SENDS)];
/** A signed link with another signature of the same length. */
const forgedLink = (i) =>
  signedLink().replace(/\/[\w-]{16}\?/, `/forged${String(i % 1e10).padStart(10, '0')}?`);

await trackingBench('clicks', async ({ sql, run }) => {
  const click = (name, pathOf, userAgent, status) =>
    run(
      name,
      (i) => ({ method: 'GET', path: pathOf(i), headers: { 'user-agent': userAgent } }),
      (response) =>
        response.statusCode === status && (status !== 302 || response.headers.location === TARGET),
    );
  // Warm-up: JIT, connection pool, plans.
  await click('warm-up', forgedLink, PERSON, 404);
  const badSignature = await click('bad signature', forgedLink, PERSON, 404);
  const person = await click('signed link, person', signedLink, PERSON, 302);
  const bot = await click('signed link, bot', signedLink, BOT, 302);
  // Clicks are held a second and written in batches after the redirect answers: wait until all are in.
  const expected = person.requests + bot.requests;
  const events = await writtenEvents(sql, expected, person.startedAt);
  return {
    badSignature: summary(badSignature),
    signedLinkPerson: summary(person),
    signedLinkBot: summary(bot),
    signedClicks: expected,
    eventsRecorded: events.recorded,
    countedClicks: events.counted,
    // From the first signed click until its last click was in the database.
    clicksWrittenPerSecond: events.writtenPerSecond,
  };
});
