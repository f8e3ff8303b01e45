// `npm run bench:engine-scale`: do engine workers add up? 1, 2 and 4 worker processes (BENCH_WORKERS, default
// "1,2,4") on one PostgreSQL database against the sandbox Gmail in its own process, printed as one JSON object.
//
// Each count gets a fresh set-up as bench:engine-dispatch (bench/lib/engine-bench.mjs): BENCH_SENDS (default
// 4,000) due emails over BENCH_MAILBOXES (default 16) mailboxes. The workers (bench/engine-worker.mjs) run
// engine rounds until nothing is due or in flight; sends/s is counted from the first email sent to the last
// (sent_at), so process start-up is left out. CPU seconds (user+sys) are read per process: each worker
// reports its own at exit, the sandbox Gmail server's and the database backends' (pg_stat_activity's pids for
// the bench's database) are read from /proc/<pid>/stat, sampled while the workers run so backends that close
// are counted too. Against the wall time and the machine's cores this shows whether the engine or the machine
// is the limit. Every count is checked for duplicates (by Message-ID in the sandbox mailboxes and by
// enrolment and step) and lost emails, as bench:engine-crash checks them.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { deliveryCheck, startEngineBench } from './lib/engine-bench.mjs';

const SENDS = Number(process.env.BENCH_SENDS ?? 4_000);
const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 16);
const COUNTS = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const TICKS_PER_SECOND = 100;

/** CPU seconds (user+sys) a live process has used, or null once it is gone. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** A worker process; resolves with its exit code and the CPU it reported for itself. */
function worker(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/engine-worker.mjs'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      const seconds = (line) => {
        const match = new RegExp(`${line} (\\d+) (\\d+)`).exec(output);
        return match ? (Number(match[1]) + Number(match[2])) / 1e6 : Number.NaN;
      };
      // Start-up (loading the code) is left out: it is paid once per process, not per email.
      resolve({ code, cpuSeconds: seconds('cpu') - seconds('ready') });
    }),
  );
}

/** Samples the CPU of the database's backends until stopped; returns the seconds they used meanwhile. */
function watchBackends(bench) {
  const first = new Map();
  const last = new Map();
  let running = true;
  const sample = async () => {
    const { rows } = await bench.sql(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    for (const { pid } of rows) {
      const seconds = cpuSeconds(pid);
      if (seconds === null) continue;
      if (!first.has(pid)) first.set(pid, seconds);
      last.set(pid, seconds);
    }
  };
  const loop = (async () => {
    while (running) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return async () => {
    running = false;
    await loop;
    let total = 0;
    for (const [pid, seconds] of last) total += seconds - first.get(pid);
    return { cpuSeconds: round(total), backendsSeen: last.size };
  };
}

const round = (n) => Number(n.toFixed(2));

async function runWith(workers) {
  const bench = await startEngineBench({ sends: SENDS, mailboxes: MAILBOXES });
  try {
    const server = bench.serverPid;
    const serverBefore = cpuSeconds(server);
    const stopWatching = watchBackends(bench);
    const started = performance.now();
    const exits = await Promise.all(Array.from({ length: workers }, () => worker(bench.env)));
    const wallSeconds = (performance.now() - started) / 1000;
    const database = await stopWatching();
    const serverSeconds = cpuSeconds(server) - serverBefore;
    const window = await bench.one(
      `select extract(epoch from max(sent_at) - min(sent_at))::float8 as seconds, count(*)::int as sent
       from email_sends where sequence_id = $1 and state = 'sent'`,
      [bench.sequenceId],
    );
    const check = await deliveryCheck(bench);
    const byEnrolmentStep = await bench.one(
      `select count(*)::int as n from (select sequence_contact_id, step_id from email_sends where sequence_id = $1
         group by 1, 2 having count(*) > 1) d`,
      [bench.sequenceId],
    );
    const workerSeconds = exits.map((exit) => round(exit.cpuSeconds));
    return {
      workers,
      sendsPerSecond: Math.round(window.sent / window.seconds),
      sendingSeconds: round(window.seconds),
      wallSecondsWithStartup: round(wallSeconds),
      cpuSeconds: {
        workers: workerSeconds,
        workersTotal: round(workerSeconds.reduce((a, b) => a + b, 0)),
        sandboxGmailServer: round(serverSeconds),
        database: database.cpuSeconds,
      },
      // CPU seconds used per second of sending, all processes together: near the core count means the
      // machine, not the engine, is the limit.
      coresBusy: round(
        (workerSeconds.reduce((a, b) => a + b, 0) + serverSeconds + database.cpuSeconds) / window.seconds,
      ),
      databaseBackends: database.backendsSeen,
      exitCodes: exits.map((exit) => exit.code),
      duplicates: {
        byMessageId: check.sandbox.messages - check.sandbox.ids,
        byEnrolmentAndStep: byEnrolmentStep.n,
      },
      lost: SENDS - check.sandbox.ids,
      check,
    };
  } finally {
    await bench.stop();
  }
}

const results = [];
for (const workers of COUNTS) results.push(await runWith(workers));
process.stdout.write(
  `${JSON.stringify(
    {
      benchmark: 'engine-scale',
      sends: SENDS,
      mailboxes: MAILBOXES,
      machine: { cores: availableParallelism(), loadAverage1m: round(loadavg()[0]) },
      results,
    },
    null,
    2,
  )}\n`,
);
