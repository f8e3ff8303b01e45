// `npm run bench:leads`: "Add All Results" of 10,000 sandbox Apollo leads into an email list, end to end, on
// PGlite and on PostgreSQL, printed as one JSON object.
//
// For each driver a real server is started (the build in apps/server/dist when it is up to date, else the
// sources through tsx) with its worker and the sandbox Apollo (100,000 generated people). A user registers,
// creates a list and asks for every result of an unfiltered search (the add-all cap is 10,000); the job is
// polled every 100 ms as GET /api/jobs/{id} until it completes. leads/s counts from the POST to the completed
// status (queueing, the worker's pickup, 100 search pages, the bulk reveals and the contact writes); the job
// itself is also timed from its first progress write. The progress write interval is the largest gap
// between consecutive `updatedAt`s seen while the job ran (the target is at most one second).
// PostgreSQL runs in a scratch database that is dropped at the end (BENCH_DATABASE_URL, default the local
// `test` database, is only used to create and drop it).
import { performance } from 'node:perf_hooks';
import { benchUserWithList, startBenchServer } from './lib/app-server.mjs';
import { scratchPostgres } from './lib/scratch-postgres.mjs';

const POLL_MS = 100;

async function addAll(env) {
  const server = await startBenchServer(env);
  try {
    const { call, list } = await benchUserWithList(server, 'All results');
    const found = (await call('POST', '/api/apollo/leads-search', {})).pagination.total_entries;
    const started = performance.now();
    const { jobId } = await call('POST', '/api/apollo/add-all-to-persona', { personaId: list.id });
    const writes = new Set();
    let job;
    let firstProgressAt;
    for (;;) {
      job = await call('GET', `/api/jobs/${jobId}`);
      if (job.status === 'processing' || job.status === 'completed') writes.add(job.updatedAt);
      if (job.status === 'processing' && firstProgressAt === undefined) firstProgressAt = performance.now();
      if (job.status === 'completed' || job.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const seconds = (performance.now() - started) / 1000;
    if (job.status !== 'completed') throw new Error(`import failed: ${job.error}`);
    const times = [...writes].map((t) => Date.parse(t)).sort((a, b) => a - b);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
    const jobSeconds = (times.at(-1) - times[0]) / 1000;
    const contacts = await call('GET', `/api/personas/${list.id}`);
    return {
      server: server.serverKind,
      searchResults: found,
      leadsProcessed: job.progress.processed,
      added: job.progress.added,
      revealed: job.progress.revealed,
      skippedNoEmail: job.progress.skippedNoEmail,
      skippedDuplicates: job.progress.skippedDuplicates,
      contactsInList: contacts.contactCount,
      secondsEndToEnd: Number(seconds.toFixed(2)),
      leadsPerSecondEndToEnd: Math.round(job.progress.processed / seconds),
      jobSeconds: Number(jobSeconds.toFixed(2)),
      leadsPerSecondInJob: jobSeconds > 0 ? Math.round(job.progress.processed / jobSeconds) : null,
      progressWritesSeen: times.length,
      maxProgressIntervalMs: gaps.length > 0 ? Math.max(...gaps) : null,
      pickupDelayMs: firstProgressAt === undefined ? null : Math.round(firstProgressAt - started),
    };
  } finally {
    await server.stop();
  }
}

const result = { target: { leadsPerSecond: 2000, maxProgressIntervalMs: 1000 } };
result.pglite = await addAll({});
if (process.env.BENCH_SKIP_POSTGRES !== '1') {
  const scratch = await scratchPostgres({ poolSize: 2 });
  try {
    result.postgres = await addAll({ DATABASE_URL: scratch.url });
  } finally {
    await scratch.drop();
  }
}
console.log(JSON.stringify(result, null, 2));
