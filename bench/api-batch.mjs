// `npm run bench:api-batch`: 10,000 contacts pushed through the public API's POST /api/v1/contacts/batch (1,000
// a request, one after the other, as a CRM sync sends them), on PGlite and on PostgreSQL, printed as one JSON
// object with rows per second beside the web app's import of the same rows (POST
// /api/personas/{id}/import-contacts in its 2,000-row batches, two in flight). The slowest batch request is
// printed too: a request of 1,000 contacts is meant to answer within 2 seconds. A second push of the same
// rows (every contact found unchanged) shows what a repeated sync costs. BENCH_ROWS (default 10000) sets the
// size; BENCH_ENGINES=pglite (or postgres) runs one engine only.
import { performance } from 'node:perf_hooks';
import { uploadInBatches, V1_BATCH_MAX } from '@prospector/contracts';
import { benchUserWithList, createBenchList, startBenchServer } from './lib/app-server.mjs';
import { scratchPostgres } from './lib/scratch-postgres.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

function generateRows(tag) {
  return Array.from({ length: ROWS }, (_, i) => ({
    email: `crm.${i}.${tag}@company${i % 500}.example.com`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    title: ['Head of Growth', 'CTO', 'VP Sales', 'Founder'][i % 4],
    organizationName: `Company ${i % 500}`,
    city: ['Berlin', 'Paris', 'Lisbon', 'Oslo'][i % 4],
    country: ['Germany', 'France', 'Portugal', 'Norway'][i % 4],
    linkedinUrl: `https://www.linkedin.com/in/crm-${i}`,
    customFields: { crm_id: `crm-${i}` },
  }));
}

const seconds = (started) => (performance.now() - started) / 1000;
const figures = (rows, spent) => ({
  seconds: Number(spent.toFixed(2)),
  rowsPerSecond: Math.round(rows / spent),
});

/** Every row through /contacts/batch, a request of 1,000 at a time; the time of each request. */
async function pushBatches(server, key, rows, listId) {
  const requests = [];
  const statuses = {};
  const started = performance.now();
  for (let at = 0; at < rows.length; at += V1_BATCH_MAX) {
    const sent = performance.now();
    const response = await fetch(`${server.url}/api/v1/contacts/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ contacts: rows.slice(at, at + V1_BATCH_MAX), listId }),
    });
    if (!response.ok) throw new Error(`batch: ${response.status} ${await response.text()}`);
    const { results } = await response.json();
    requests.push(performance.now() - sent);
    for (const { status } of results) statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return {
    ...figures(rows.length, seconds(started)),
    requests: requests.length,
    slowestRequestMs: Math.round(Math.max(...requests)),
    statuses,
  };
}

async function run(env) {
  const server = await startBenchServer(env);
  try {
    const { call, list, tag } = await benchUserWithList(server, 'Web import');
    const { key } = await call('POST', '/api/api-keys', { name: 'Bench', scopes: ['contacts:write'] });
    const synced = await createBenchList(call, 'API batch');
    const rows = generateRows(tag);
    const first = await pushBatches(server, key, rows, synced.id);
    const again = await pushBatches(server, key, rows, synced.id);
    const webRows = generateRows(`web${tag}`);
    const started = performance.now();
    const totals = await uploadInBatches(webRows, (batch) =>
      call('POST', `/api/personas/${list.id}/import-contacts`, { rows: batch }),
    );
    const webImport = {
      ...figures(ROWS, seconds(started)),
      inserted: totals.inserted,
      failed: totals.failed,
    };
    return {
      server: server.serverKind,
      apiBatch: first,
      apiBatchUnchanged: again,
      webImport,
      apiToWebImportRatio: Number((first.rowsPerSecond / webImport.rowsPerSecond).toFixed(3)),
    };
  } finally {
    await server.stop();
  }
}

const result = { rows: ROWS, batchSize: V1_BATCH_MAX, target: { slowestRequestMs: 2000 } };
if (ENGINES.includes('pglite')) result.pglite = await run({});
if (ENGINES.includes('postgres')) {
  const scratch = await scratchPostgres({ poolSize: 2 });
  try {
    result.postgres = await run({ DATABASE_URL: scratch.url });
  } finally {
    await scratch.drop();
  }
}
console.log(JSON.stringify(result, null, 2));
