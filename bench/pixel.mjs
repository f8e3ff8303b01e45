// `npm run bench:pixel`: the open pixel (GET /t/o/{token}.gif) on one server process over PostgreSQL, printed
// as one JSON object: requests per second and latency percentiles for unknown tokens (one indexed lookup),
// known tokens opened by a person and by a bot. Opens are buffered and written in batches (decision 012), so
// the figures are the HTTP answers; eventsRecorded shows every known fetch was written.
//
// Seeds BENCH_SENDS (default 10,000) sent emails in a scratch database, starts bench/app-server.mjs (the
// real Fastify app, no worker) as a child process, and drives it from this process with BENCH_CONNECTIONS
// (default 32) keep-alive connections for BENCH_SECONDS (default 5) per case. BENCH_DATABASE_URL (default the
// local `test` database) is only used to create and drop the scratch database.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { percentiles, scratchPostgres } from './lib/scratch-postgres.mjs';

const SENDS = Number(process.env.BENCH_SENDS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const HUMAN = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const scratch = await scratchPostgres();
const sql = (text, values) => scratch.database.executeSql(text, values);
let server;
try {
  const user = (
    await sql(
      `insert into users (email, full_name, password_hash) values ('pixel@bench.example', 'Bench', 'x') returning id`,
    )
  ).rows[0].id;
  const sequence = (
    await sql(`insert into sequences (user_id, name) values ($1, 'Bench') returning id`, [user])
  ).rows[0].id;
  // One contact and enrolment per ten emails, as a sequence's follow-ups would be.
  await sql(
    `insert into contacts (user_id, email) select $1, 'lead' || g || '@bench.example' from generate_series(1, $2::int) g`,
    [user, Math.ceil(SENDS / 10)],
  );
  await sql(
    `insert into sequence_contacts (user_id, sequence_id, contact_id) select $1, $2, id from contacts where user_id = $1`,
    [user, sequence],
  );
  await sql(
    `insert into email_sends (user_id, sequence_contact_id, sequence_id, contact_id, step_id, tracking_token,
       unsubscribe_token, state, scheduled_for, sent_at)
     select $1, e.id, $2, e.contact_id, null, 'bench-open-token-' || (e.n * 10 + k), 'bench-unsub-token-' || (e.n * 10 + k),
       'sent', now() - interval '1 day', now() - interval '1 day'
     from (select id, contact_id, row_number() over (order by id) - 1 as n from sequence_contacts where user_id = $1) e,
       generate_series(1, 10) k`,
    [user, sequence],
  );
  await sql('analyze');

  server = spawn(process.execPath, ['--import', 'tsx', 'bench/app-server.mjs'], {
    env: { ...process.env, DATABASE_URL: scratch.url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    server.stdout.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
  });
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONNECTIONS, pipelining: 1 });

  const summary = ({ requests, startedAt, ...result }) => result;

  async function run(name, tokenOf, userAgent) {
    const latencies = [];
    let errors = 0;
    let sequenceNo = 0;
    const end = performance.now() + SECONDS * 1000;
    const lane = async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const response = await pool.request({
          method: 'GET',
          path: `/t/o/${tokenOf(sequenceNo++)}.gif`,
          headers: { 'user-agent': userAgent },
        });
        const body = Buffer.from(await response.body.arrayBuffer());
        if (response.statusCode !== 200 || body.length !== 43) errors++;
        latencies.push(performance.now() - started);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, lane));
    const elapsed = (performance.now() - started) / 1000;
    const result = {
      requestsPerSecond: Math.round(latencies.length / elapsed),
      errors,
      latencyMs: percentiles(latencies),
    };
    console.error(`${name}: ${JSON.stringify(result)}`);
    return { ...result, requests: latencies.length, startedAt: started };
  }

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
  const written = async () => (await sql('select count(*)::int as n from tracking_events')).rows[0].n;
  const expected = human.requests + bot.requests;
  const writeStarted = human.startedAt;
  let count = await written();
  for (let waited = 0; count < expected && waited < 120_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    count = await written();
  }
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  const events = (
    await sql(
      `select count(*)::int as n, count(*) filter (where flagged_reason is null)::int as counted from tracking_events`,
    )
  ).rows[0];
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
        eventsRecorded: events.n,
        countedOpens: events.counted,
        // From the first known fetch until its last open was in the database.
        opensWrittenPerSecond: Math.round(events.n / writeSeconds),
      },
      null,
      2,
    ),
  );
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await scratch.drop();
}
