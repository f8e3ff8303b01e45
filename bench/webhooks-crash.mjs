// `npm run bench:webhooks-crash`: kill -9 of a webhook worker while 1,000 events are being delivered, then
// a restart: every event delivered, none lost, on PostgreSQL, printed as one JSON object.
//
// BENCH_EVENTS (default 1,000) events are written to the outbox for an endpoint on loopback whose receiver
// answers after BENCH_RECEIVER_DELAY_MS (default 5 ms) and de-duplicates by webhook-id. A worker process
// (bench/webhook-worker.mjs) is killed with SIGKILL once BENCH_KILL_AT (default 30%) of the events have
// arrived, leaving claimed messages in 'sending' (some of them already received but not recorded). A new
// worker is started with its clock past the claim timeout (instead of waiting five minutes): it takes the
// abandoned messages back and delivers the rest. Re-sent = requests the receiver got beyond one per event:
// the at-least-once cost of the crash, which a receiver de-duplicating by webhook-id absorbs.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { WEBHOOK_CLAIM_TIMEOUT_MS } from '@prospector/core';
import { startReceiver, startWebhookBench } from './lib/webhook-bench.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? 0.3);
const DELAY_MS = Number(process.env.BENCH_RECEIVER_DELAY_MS ?? 5);

const receiver = await startReceiver({ delayMs: DELAY_MS });
const bench = await startWebhookBench(receiver.url);
const worker = (offsetMs) =>
  spawn(process.execPath, ['--import', 'tsx', 'bench/webhook-worker.mjs'], {
    env: { ...process.env, DATABASE_URL: bench.url, CLOCK_OFFSET_MS: String(offsetMs) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
const states = async () =>
  Object.fromEntries(
    (
      await bench.database.executeSql(
        `select state, count(*)::int as n from webhook_messages group by state order by state`,
      )
    ).rows.map((row) => [row.state, row.n]),
  );
try {
  await bench.fillOutbox(EVENTS);
  const started = performance.now();
  const first = worker(0);
  while (receiver.unique < EVENTS * KILL_AT) await new Promise((resolve) => setTimeout(resolve, 5));
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const atKill = { received: receiver.unique, messages: await states() };
  const second = worker(WEBHOOK_CLAIM_TIMEOUT_MS + 60_000);
  const code = await new Promise((resolve) => second.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  const final = await states();
  console.log(
    JSON.stringify(
      {
        database: 'postgres',
        events: EVENTS,
        killedAt: atKill,
        restartedWorkerExit: code,
        seconds: Number(seconds.toFixed(2)),
        delivered: receiver.unique,
        lost: EVENTS - receiver.unique,
        receiverRequests: receiver.total,
        reSent: receiver.total - receiver.unique,
        messages: final,
      },
      null,
      2,
    ),
  );
  if (receiver.unique !== EVENTS || (final.delivered ?? 0) !== EVENTS) process.exitCode = 1;
} finally {
  await receiver.close();
  await bench.drop();
}
