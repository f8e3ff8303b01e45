// `npm run bench:engine-dispatch`: how fast one worker process hands sequence emails to Gmail, on
// PostgreSQL with the sandbox Gmail, printed as one JSON object.
//
// Set-up (bench/lib/engine-bench.mjs): a scratch database, the real app in a child process playing Google,
// BENCH_MAILBOXES (default 16) sandbox mailboxes with their limits lifted (gaps 0 and 0), and a launched
// one-step sequence over BENCH_SENDS (default 2,000) contacts (launch: enrolment and rendering, timed too),
// every email due. Then core's dispatchDueSends (the worker's dispatcher: claim, messages.send over HTTP,
// mark sent) is timed with BENCH_CONCURRENCY (default 32) sends in flight, and every email is checked to
// have been sent exactly once (one sandbox message per Message-ID). BENCH_DATABASE_URL (default the local
// `test` database) is only used to create and drop the scratch database. BENCH_PROFILE_DIR writes CPU
// profiles there: the dispatch alone in this process (engine-dispatch.cpuprofile) and the whole server's.
// BENCH_RECEIVER=null hands the emails to bench/null-gmail.mjs (a receiver that costs nothing) instead of
// the sandbox Gmail, so the figure is the engine's alone; the exactly-once check then counts what it got.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { dispatchDueSends } from '@prospector/core';
import { deliveryCheck, startEngineBench } from './lib/engine-bench.mjs';

const SENDS = Number(process.env.BENCH_SENDS ?? 2_000);
const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 16);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const bench = await startEngineBench({ sends: SENDS, mailboxes: MAILBOXES });
const receiver = process.env.BENCH_RECEIVER === 'null' ? await startNullReceiver() : null;
try {
  const deps = receiver
    ? { ...bench.deps, google: { ...bench.deps.google, gmailApiBaseUrl: receiver.url } }
    : bench.deps;
  const profiler = process.env.BENCH_PROFILE_DIR ? await startProfiler() : null;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const outcome = await dispatchDueSends(deps, { concurrency: CONCURRENCY });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await profiler?.stop(join(process.env.BENCH_PROFILE_DIR, 'engine-dispatch.cpuprofile'));
  process.stdout.write(
    `${JSON.stringify(
      {
        benchmark: 'engine-dispatch',
        sends: SENDS,
        mailboxes: MAILBOXES,
        concurrency: CONCURRENCY,
        receiver: receiver ? 'null' : 'sandbox',
        launch: { ms: Math.round(bench.launchMs), perSecond: Math.round(SENDS / (bench.launchMs / 1000)) },
        dispatch: {
          seconds: Number(seconds.toFixed(2)),
          sendsPerSecond: Math.round(outcome.sent / seconds),
          // This process's CPU per email: what the machine's load changes least.
          cpuMsPerSend: Number(((cpu.user + cpu.system) / 1000 / Math.max(1, outcome.sent)).toFixed(2)),
          outcome,
        },
        check: await deliveryCheck(bench),
        ...(receiver && { received: await receiver.received() }),
      },
      null,
      2,
    )}\n`,
  );
} finally {
  receiver?.stop();
  await bench.stop();
}

async function startNullReceiver() {
  const child = spawn(process.execPath, ['bench/null-gmail.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`null receiver exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    received: async () => (await fetch(`${url}/received`)).json(),
    stop: () => child.kill('SIGTERM'),
  };
}

async function startProfiler() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
