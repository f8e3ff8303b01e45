// What the tracking benchmarks (pixel, clicks) share: sent emails seeded in a scratch database, the app as
// `npm start` runs it in a process of its own, a load generator in another (each pinned to a core of its
// own when the machine has two), keep-alive load after a warm-up, the CPU both processes used, and waiting
// for the buffered writes.
import { fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startBenchServer } from './app-server.mjs';
import { groupCpuSeconds } from './process-cpu.mjs';
import { percentiles, scratchPostgres } from './scratch-postgres.mjs';

/**
 * BENCH_SENDS sent emails, driven by BENCH_CONNECTIONS keep-alive connections for BENCH_SECONDS a case after
 * BENCH_WARM_UP_SECONDS of warm-up. BENCH_PIN=0 lets the scheduler place both processes. BENCH_PROFILE_DIR
 * has the server write a V8 CPU profile (`node --cpu-prof`) of the whole run there when it stops, as the
 * engine benches do (bench/lib/profile-summary.mjs summarises it).
 */
export const SENDS = Number(process.env.BENCH_SENDS ?? 10_000);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const PIN = process.env.BENCH_PIN !== '0' && availableParallelism() >= 2;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
/** How many distinct paths a case cycles through. */
export const PATHS_PER_CASE = 20_000;

/** The APP_SECRET the benchmarked server runs with, so a benchmark can sign what the server checks. */
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
    await sql(`insert into sequences (workspace_id, name) values ($1, 'Bench') returning id`, [user])
  ).rows[0].id;
  await sql(
    `insert into contacts (workspace_id, email) select $1, 'lead' || g || '@bench.example' from generate_series(1, $2::int) g`,
    [user, Math.ceil(sends / 10)],
  );
  await sql(
    `insert into sequence_contacts (workspace_id, sequence_id, contact_id) select $1, $2, id from contacts where workspace_id = $1`,
    [user, sequence],
  );
  await sql(
    `insert into email_sends (workspace_id, sequence_contact_id, sequence_id, contact_id, step_id, tracking_token,
       unsubscribe_token, state, scheduled_for, sent_at)
     select $1, e.id, $2, e.contact_id, null, 'bench-open-token-' || (e.n * 10 + k), 'bench-unsub-token-' || (e.n * 10 + k),
       'sent', now() - interval '1 day', now() - interval '1 day'
     from (select id, contact_id, row_number() over (order by id) - 1 as n from sequence_contacts where workspace_id = $1) e,
       generate_series(1, 10) k`,
    [user, sequence],
  );
  await sql('analyze');
}

/** The load generator process (load-generator.mjs), pinned to core 1 when pinning; resolves once it is ready. */
async function startLoadGenerator(target) {
  const child = fork(new URL('./load-generator.mjs', import.meta.url), [], {
    env: { ...process.env, TARGET: target, CONNECTIONS: String(CONNECTIONS) },
    ...(PIN ? { execPath: 'taskset', execArgv: ['-c', '1', process.execPath] } : {}),
  });
  await nextMessage(child, 'ready');
  return child;
}

function nextMessage(child, type) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code) => reject(new Error(`load generator exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const percentOfOneCore = (cpuSeconds, seconds) => Math.round((100 * cpuSeconds) / seconds);

/**
 * Runs one case on the load generator: `paths` (cycled) sent as `method` with `headers`, each answer checked
 * against `expect` ({ status, location?, bodyLength? }). Logs and returns the figures, with the CPU the server
 * and the load generator used while it ran, in percent of one core.
 */
async function measure(loadGenerator, server, { name, seconds, method = 'GET', headers, paths, expect }) {
  const started = nextMessage(loadGenerator, 'started');
  const finished = nextMessage(loadGenerator, 'result');
  loadGenerator.send({ seconds, method, headers, paths, expect });
  await started;
  const startedAt = performance.now();
  const serverCpuAtStart = groupCpuSeconds(server.pid);
  const { latencies, errors, elapsedSeconds, cpuSeconds } = await finished;
  const serverCpu = groupCpuSeconds(server.pid) - serverCpuAtStart;
  const result = {
    requestsPerSecond: Math.round(latencies.length / elapsedSeconds),
    errors,
    latencyMs: percentiles(latencies),
    cpuPercentOfOneCore: {
      server: percentOfOneCore(serverCpu, elapsedSeconds),
      loadGenerator: percentOfOneCore(cpuSeconds, elapsedSeconds),
    },
    // What one answer cost the server, whatever else ran on the machine (/proc counts in 10 ms ticks).
    serverCpuMicrosecondsPerRequest: Math.round((serverCpu * 1e6) / latencies.length),
  };
  console.error(`${name}: ${JSON.stringify(result)}`);
  return { ...result, requests: latencies.length, startedAt, serverCpuAtStart };
}

/** The figures of a run without its bookkeeping. */
const summary = ({ requests, startedAt, serverCpuAtStart, ...result }) => result;

/**
 * The figures of named cases, then those of the events the `recorded` cases (the requests of known emails,
 * run one after the other) wrote: how many requests, events written, events counted (by a person), events
 * written a second from the first recorded request until the last event was in, and the server's CPU over
 * that same time per recorded request. A case's own CPU per answer leaves out the writes still pending
 * when it ends; this one has the answers and every write, all included.
 */
async function caseFigures(sql, server, cases, recorded) {
  const expected = recorded.reduce((sum, result) => sum + result.requests, 0);
  const events = await writtenEvents(sql, expected, recorded[0].startedAt);
  const serverCpu = groupCpuSeconds(server.pid) - recorded[0].serverCpuAtStart;
  return {
    ...Object.fromEntries(Object.entries(cases).map(([name, result]) => [name, summary(result)])),
    recordedRequests: expected,
    eventsRecorded: events.recorded,
    eventsCounted: events.counted,
    eventsWrittenPerSecond: events.writtenPerSecond,
    serverCpuMicrosecondsPerRecordedRequest: Math.round((serverCpu * 1e6) / expected),
  };
}

/**
 * Waits (at most two minutes) until `expected` tracking events are written, the recorders writing a moment
 * after answering; returns the events' count, how many counted, and the write rate since `since`.
 */
async function writtenEvents(sql, expected, since) {
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

const loadAverage = () => loadavg().map((load) => Number(load.toFixed(2)));

/**
 * Runs one tracking benchmark: seeds the sent emails in a scratch database, starts the app and the load
 * generator, runs `warmUp` (a case without figures) and calls `body({ run, figures })` where `run(case)`
 * measures one case (see measure) and `figures(cases, recorded)` waits for the writes and sums up (see
 * caseFigures), prints `{ bench, ...settings, ...figures }` as JSON, and stops and drops
 * everything whatever happens.
 */
export async function trackingBench(bench, { warmUp, body }) {
  const scratch = await scratchPostgres();
  const sql = (text, values) => scratch.database.executeSql(text, values);
  const loadAverageAtStart = loadAverage();
  let server;
  let loadGenerator;
  try {
    await seedSentEmails(sql, SENDS);
    // As `npm start` runs it (API and worker in one process, request log at info), on the scratch database.
    server = await startBenchServer(
      {
        DATABASE_URL: scratch.url,
        APP_SECRET: BENCH_APP_SECRET,
        LOG_LEVEL: 'info',
      },
      {
        ...(PIN ? { cpus: '0' } : {}),
        ...(PROFILE_DIR ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] } : {}),
      },
    );
    loadGenerator = await startLoadGenerator(server.url);
    const run = (settings) => measure(loadGenerator, server, { seconds: SECONDS, ...settings });
    await measure(loadGenerator, server, { ...warmUp, name: 'warm-up', seconds: WARM_UP_SECONDS });
    const figures = await body({
      run,
      figures: (cases, recorded) => caseFigures(sql, server, cases, recorded),
    });
    const settings = {
      server: server.serverKind,
      database: 'postgres',
      cores: PIN ? 'server on core 0, load generator on core 1' : 'not pinned',
      connections: CONNECTIONS,
      warmUpSeconds: WARM_UP_SECONDS,
      secondsPerCase: SECONDS,
      sends: SENDS,
      loadAverage: { atStart: loadAverageAtStart, atEnd: loadAverage() },
    };
    console.log(JSON.stringify({ bench, ...settings, ...figures }, null, 2));
  } finally {
    loadGenerator?.send({ type: 'close' });
    await server?.stop();
    await scratch.drop();
  }
}
