// `npm run bench:engine-crash`: kill -9 of a worker in the middle of a burst of sequence emails, then a
// restart: no duplicate and no loss, on PostgreSQL with the sandbox Gmail, printed as one JSON object.
//
// Set-up as bench:engine-dispatch (bench/lib/engine-bench.mjs) with BENCH_SENDS (default 10,000) due emails.
// A worker process (bench/engine-worker.mjs: engine rounds until nothing is due or in flight) is started and
// killed with SIGKILL once BENCH_KILL_AT (default 30%) of the emails are sent, leaving claimed emails in
// 'sending' and some of them possibly accepted by Gmail but not recorded. A new worker is then started with
// its clock past the reconcile timeout (instead of waiting ten minutes): it reclaims the abandoned emails,
// finds the ones Gmail already has by Message-ID, and sends the rest. The check counts duplicates by
// Message-ID in the sandbox mailboxes and by enrolment and step, and emails not sent.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { SENDING_TIMEOUT_MS } from '@prospector/core';
import { deliveryCheck, startEngineBench } from './lib/engine-bench.mjs';

const SENDS = Number(process.env.BENCH_SENDS ?? 10_000);
const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 16);
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? 0.3);

function worker(env, offsetMs) {
  return spawn(process.execPath, ['--import', 'tsx', 'bench/engine-worker.mjs'], {
    env: { ...env, CLOCK_OFFSET_MS: String(offsetMs) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const bench = await startEngineBench({ sends: SENDS, mailboxes: MAILBOXES });
try {
  const sentCount = async () =>
    (
      await bench.one(
        `select count(*)::int as n from email_sends where sequence_id = $1 and state = 'sent'`,
        [bench.sequenceId],
      )
    ).n;
  const started = performance.now();
  const first = worker(bench.env, 0);
  while ((await sentCount()) < SENDS * KILL_AT) await new Promise((resolve) => setTimeout(resolve, 20));
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const atKill = await bench.one(
    `select count(*) filter (where state = 'sent')::int as sent, count(*) filter (where state = 'sending')::int as sending
     from email_sends where sequence_id = $1`,
    [bench.sequenceId],
  );
  const sandboxAtKill = (
    await bench.one(
      `select count(*)::int as n from sandbox_google_messages where mailbox = any($1::text[]) and 'SENT' = any(label_ids)`,
      [bench.sandboxMailboxes],
    )
  ).n;
  const second = worker(bench.env, SENDING_TIMEOUT_MS + 60_000);
  const code = await new Promise((resolve) => second.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  const reconciled = await bench.one(
    `select count(*) filter (where attempts > 1)::int as reclaimed from email_sends where sequence_id = $1`,
    [bench.sequenceId],
  );
  const check = await deliveryCheck(bench);
  const byEnrolmentStep = await bench.one(
    `select count(*)::int as n from (select sequence_contact_id, step_id from email_sends where sequence_id = $1
       group by 1, 2 having count(*) > 1) d`,
    [bench.sequenceId],
  );
  process.stdout.write(
    `${JSON.stringify(
      {
        benchmark: 'engine-crash',
        sends: SENDS,
        killedAt: {
          ...atKill,
          acceptedBySandbox: sandboxAtKill,
          unrecordedInGmail: sandboxAtKill - atKill.sent,
        },
        restartExitCode: code,
        reclaimed: reconciled.reclaimed,
        seconds: Number(seconds.toFixed(1)),
        duplicates: {
          byMessageId: check.sandbox.messages - check.sandbox.ids,
          byEnrolmentAndStep: byEnrolmentStep.n,
        },
        lost: SENDS - check.sandbox.ids,
        check,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await bench.stop();
}
