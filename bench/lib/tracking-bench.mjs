// What the tracking benchmarks (pixel, clicks) share: sent emails seeded in a scratch database, the real app
// server as a child process, keep-alive load from this process, and waiting for the buffered writes.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { percentiles } from './scratch-postgres.mjs';

/** The APP_SECRET bench/app-server.mjs runs with, so a benchmark can sign what the server checks. */
export const BENCH_APP_SECRET = 'pixel-bench-secret-pixel-bench-secret';

/**
 * `sends` sent emails (a day ago) of one user and sequence, one contact and enrolment per ten emails as a
 * sequence's follow-ups would be; tracking tokens are `bench-open-token-1` ... `bench-open-token-{sends}`.
 */
export async function seedSentEmails(sql, sends) {
  const user = (
    await sql(
      `insert into users (email, full_name, password_hash) values ('pixel@bench.example', 'Bench', 'x') returning id`,
    )
  ).rows[0].id;
  const sequence = (
    await sql(`insert into sequences (user_id, name) values ($1, 'Bench') returning id`, [user])
  ).rows[0].id;
  await sql(
    `insert into contacts (user_id, email) select $1, 'lead' || g || '@bench.example' from generate_series(1, $2::int) g`,
    [user, Math.ceil(sends / 10)],
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
}

/** Starts bench/app-server.mjs (the real Fastify app, no worker) on `databaseUrl`; resolves with it and its port. */
export async function startAppServer(databaseUrl) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/app-server.mjs'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    server.stdout.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
  });
  return { server, port };
}

export async function stopAppServer(server) {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/**
 * Drives `pool` with `connections` lanes for `seconds`: each lane sends `request(i)` (undici request
 * options) and counts an error when `ok(response, body)` is false. Logs and returns the figures.
 */
export async function measure(pool, { name, connections, seconds, request, ok }) {
  const latencies = [];
  let errors = 0;
  let sequenceNo = 0;
  const end = performance.now() + seconds * 1000;
  const lane = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const response = await pool.request(request(sequenceNo++));
      const body = Buffer.from(await response.body.arrayBuffer());
      if (!ok(response, body)) errors++;
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, lane));
  const elapsed = (performance.now() - started) / 1000;
  const result = {
    requestsPerSecond: Math.round(latencies.length / elapsed),
    errors,
    latencyMs: percentiles(latencies),
  };
  console.error(`${name}: ${JSON.stringify(result)}`);
  return { ...result, requests: latencies.length, startedAt: started };
}

/** The figures of a run without its bookkeeping. */
export const summary = ({ requests, startedAt, ...result }) => result;

/**
 * Waits (at most two minutes) until `expected` tracking events are written, the recorders writing a moment
 * after answering; returns the events' count, how many counted, and the write rate since `since`.
 */
export async function writtenEvents(sql, expected, since) {
  const count = async () => (await sql('select count(*)::int as n from tracking_events')).rows[0].n;
  let n = await count();
  for (let waited = 0; n < expected && waited < 120_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    n = await count();
  }
  const seconds = (performance.now() - since) / 1000;
  const events = (
    await sql(
      `select count(*)::int as n, count(*) filter (where flagged_reason is null)::int as counted from tracking_events`,
    )
  ).rows[0];
  return { recorded: events.n, counted: events.counted, writtenPerSecond: Math.round(events.n / seconds) };
}
