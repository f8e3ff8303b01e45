// `npm run bench:engine-dispatch`: how fast one worker process hands sequence emails to Gmail, on
// PostgreSQL with the sandbox Gmail, printed as one JSON object.
//
// A scratch database; bench/engine-server.mjs (the real app with its sandbox Google, no worker) in a child
// process plays Google. This process signs up, connects BENCH_MAILBOXES (default 16) sandbox mailboxes through
// the OAuth consent flow, lifts their limits (gap 0 and 0, daily limit BENCH_SENDS), launches a one-step
// sequence over BENCH_SENDS (default 2,000) contacts (enrolment and rendering are timed too), makes every
// email due, and times core's dispatchDueSends (the worker's dispatcher: claim, messages.send over HTTP,
// mark sent) with BENCH_CONCURRENCY (default 32) sends in flight. It then checks that every email was sent
// exactly once (one message per Message-ID in the sandbox mailboxes). BENCH_DATABASE_URL (default the local
// `test` database) is only used to create and drop the scratch database.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { dispatchDueSends, systemClock, tickEnrolments } from '@prospector/core';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectMailbox, createBrowser } from '../apps/server/src/routes/gmail-test-kit.ts';
import { googleSettings } from '../apps/server/src/routes/google-settings.ts';
import { scratchPostgres } from './lib/scratch-postgres.mjs';

const SENDS = Number(process.env.BENCH_SENDS ?? 2_000);
const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 16);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const APP_SECRET = 'engine-bench-secret-engine-bench-secret';

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const scratch = await scratchPostgres({ poolSize: 24 });
const sql = (text, values) => scratch.database.executeSql(text, values);
const one = async (text, values) => (await sql(text, values)).rows[0];
let server;
try {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  server = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/engine-server.mjs'], {
    env: { ...process.env, DATABASE_URL: scratch.url, PORT: String(port), APP_URL: appUrl, APP_SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    server.stdout.on('data', (chunk) => /listening/.test(String(chunk)) && resolve());
  });

  const browser = createBrowser(appUrl);
  const user = await browser.signUp();
  for (let i = 0; i < MAILBOXES; i++) await connectMailbox(browser, `box${i}@engine-bench.example`);
  const boxes = (
    await sql(
      `update gmail_accounts set min_gap_seconds = 0, max_gap_seconds = 0, daily_limit = $2 where user_id = $1 returning id`,
      [user.id, SENDS],
    )
  ).rows.map((row) => row.id);
  const template = await one(
    `insert into templates (user_id, name, subject, html_body) values ($1, 'T', 'Hello {{first_name|there}}',
       '<p>Hi {{name}}, a short note. <a href="{{unsubscribe_url}}">Unsubscribe</a></p>') returning id`,
    [user.id],
  );
  const list = await one(
    `insert into personas (user_id, name, industry, job_title, location) values ($1, 'Bench', 'Software', 'CTO', 'Berlin') returning id`,
    [user.id],
  );
  await sql(
    `with c as (insert into contacts (user_id, email, first_name)
       select $1, 'lead' || g || '@example.com', 'Lead' || g from generate_series(1, $2::int) g returning id)
     insert into persona_contacts (persona_id, contact_id, user_id) select $3, id, $1 from c`,
    [user.id, SENDS, list.id],
  );
  const sequence = await one(
    `insert into sequences (user_id, name, sender_account_ids, sender_account_id) values ($1, 'Bench', $2::uuid[], $3) returning id`,
    [user.id, boxes, boxes[0]],
  );
  await sql(
    `insert into sequence_steps (user_id, sequence_id, name, step_order, template_id, delay_days, send_hour) values ($1, $2, 'Email', 1, $3, 0, 0)`,
    [user.id, sequence.id, template.id],
  );
  await sql(`insert into sequence_personas (sequence_id, persona_id, user_id) values ($1, $2, $3)`, [
    sequence.id,
    list.id,
    user.id,
  ]);
  await sql('analyze');

  const config = loadConfig({
    DATABASE_URL: scratch.url,
    PORT: String(port),
    APP_URL: appUrl,
    APP_SECRET,
    LOG_LEVEL: 'silent',
  });
  const deps = {
    db: scratch.database.db,
    clock: systemClock,
    appSecret: APP_SECRET,
    appUrl,
    google: googleSettings(config),
  };
  const launchStarted = performance.now();
  const launch = await browser.post(`/api/sequences/${sequence.id}/launch`);
  // The launch request enters the first enrolments itself; a worker's tick enters the rest.
  while ((await tickEnrolments(deps)) > 0);
  const launchMs = performance.now() - launchStarted;
  if (launch.status !== 200) throw new Error(`launch: ${launch.status} ${launch.text}`);
  await sql(`update email_sends set scheduled_for = now() where sequence_id = $1`, [sequence.id]);

  const started = performance.now();
  const outcome = await dispatchDueSends(deps, { concurrency: CONCURRENCY });
  const seconds = (performance.now() - started) / 1000;

  const sent = await one(
    `select count(*)::int as n, count(distinct message_id)::int as ids from email_sends where sequence_id = $1 and state = 'sent'`,
    [sequence.id],
  );
  const inSandbox = await one(
    `select count(*)::int as n, count(distinct rfc_message_id)::int as ids from sandbox_google_messages
     where mailbox = any($1::text[]) and 'SENT' = any(label_ids)`,
    [Array.from({ length: MAILBOXES }, (_, i) => `box${i}@engine-bench.example`)],
  );
  process.stdout.write(
    `${JSON.stringify(
      {
        benchmark: 'engine-dispatch',
        sends: SENDS,
        mailboxes: MAILBOXES,
        concurrency: CONCURRENCY,
        launch: {
          enrolled: launch.json().enrolled,
          ms: Math.round(launchMs),
          perSecond: Math.round(SENDS / (launchMs / 1000)),
        },
        dispatch: {
          seconds: Number(seconds.toFixed(2)),
          sendsPerSecond: Math.round(outcome.sent / seconds),
          outcome,
        },
        check: { sentRows: sent.n, distinctMessageIds: sent.ids, sandbox: inSandbox },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  server?.kill('SIGTERM');
  await scratch.drop();
}
