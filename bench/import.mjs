// `npm run bench:import`: a 100,000-row CSV import through the API, on PGlite and on PostgreSQL, printed as one
// JSON object.
//
// For each driver a real server is started (the build in apps/server/dist when it is up to date, else the
// sources through tsx), a user registers over HTTP, creates an email list, and the rows are sent in batches
// the way an API caller sends them: uploadInBatches() from the shared CSV module (2,000-row batches, two in
// flight), one POST /api/personas/{id}/import-contacts per batch. rows/s counts the whole import (HTTP, JSON, validation, INSERT ... ON CONFLICT,
// linking to the list, the count triggers). In the same run, the same rows are COPYed raw into `contacts` (no
// validation, no list links) for a floor, and the ratio api/copy is printed. `file` is the same number of rows as
// one CSV file written to disk and streamed to POST /api/personas/{id}/import-csv, as the web app sends a
// file (fileToCopyRatio). `copyWithList` is a second floor for the same writes as an import into a list: in
// one transaction, the rows COPYed into `contacts` with their list, and their memberships COPYed into
// `persona_contacts` (ids and times given, so no trigger has to find them). PostgreSQL runs in a scratch
// database that is dropped at the end (BENCH_DATABASE_URL, default the local `test` database, is only used to
// create and drop it). BENCH_ROWS (default 100000) sets the size.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { IMPORT_CONCURRENCY, importBatches, uploadInBatches } from '@prospector/contracts';
import { migrateDatabase, PGLITE_EXTENSIONS, wrapPglite } from '@prospector/db';
import { benchUserWithList, createBenchList, startBenchServer } from './lib/app-server.mjs';
import { uploadCsvFile, writeContactsCsv } from './lib/csv-file.mjs';
import { scratchPostgres } from './lib/scratch-postgres.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'name',
  'title',
  'organization_name',
  'city',
  'country',
  'linkedin_url',
];

/** Rows as the browser's CSV mapping produces them. */
function generateRows(tag) {
  return Array.from({ length: ROWS }, (_, i) => ({
    email: `lead.${i}.${tag}@company${i % 500}.example.com`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    title: ['Head of Growth', 'CTO', 'VP Sales', 'Founder'][i % 4],
    organizationName: `Company ${i % 500}`,
    city: ['Berlin', 'Paris', 'Lisbon', 'Oslo'][i % 4],
    country: ['Germany', 'France', 'Portugal', 'Norway'][i % 4],
    linkedinUrl: `https://www.linkedin.com/in/lead-${i}`,
  }));
}

const csvValue = (v) => (v == null ? '' : /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
/** A row's values in the order of COLUMNS. */
const contactCells = (r) => [
  r.email,
  r.firstName,
  r.lastName,
  `${r.firstName} ${r.lastName}`,
  r.title,
  r.organizationName,
  r.city,
  r.country,
  r.linkedinUrl,
];
/** The same rows as CSV for COPY, owned by `workspaceId` (contacts.workspace_id has no default). */
const toCsv = (rows, workspaceId) =>
  rows.map((r) => [workspaceId, ...contactCells(r)].map(csvValue).join(',')).join('\n');
const copyColumns = ['workspace_id', ...COLUMNS].join(', ');
/** $1: the user's address. */
const insertUser = `insert into users (email, full_name, password_hash) values ($1, 'Copy', 'x') returning id`;
const insertList = `insert into personas (workspace_id, name, industry, job_title, location)
  values ($1, 'Copy', 'Software', 'CTO', 'Berlin') returning id`;
const listedContactColumns = `id, ${copyColumns}, persona_id, persona_industry, created_at`;
const memberColumns = 'persona_id, contact_id, workspace_id, created_at, contact_status, contact_created_at';

/**
 * The rows as an import into a list writes them: contacts (with their list) and the list's memberships,
 * as two COPY texts. Each contact's id and time are given, as the membership copies them.
 */
function listedCsv(rows, workspaceId, listId) {
  const start = Date.parse('2026-01-01T00:00:00Z');
  const contacts = [];
  const members = [];
  rows.forEach((r, i) => {
    const id = randomUUID();
    const at = new Date(start + i).toISOString();
    contacts.push([id, workspaceId, ...contactCells(r), listId, 'Software', at].map(csvValue).join(','));
    members.push([listId, id, workspaceId, at, 'active', at].join(','));
  });
  return { contacts: contacts.join('\n'), members: members.join('\n') };
}

async function throughApi(env) {
  const server = await startBenchServer(env);
  try {
    const { call, list, tag, cookie } = await benchUserWithList(server, 'Bench');
    const rows = generateRows(tag);
    const file = await streamedFile(server, cookie(), call);
    const started = performance.now();
    const totals = await uploadInBatches(rows, async (batch) => {
      return call('POST', `/api/personas/${list.id}/import-contacts`, { rows: batch });
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      server: server.serverKind,
      batches: importBatches(rows).length,
      batchRows: importBatches(rows)[0].length,
      concurrency: IMPORT_CONCURRENCY,
      seconds: Number(seconds.toFixed(2)),
      rowsPerSecond: Math.round(ROWS / seconds),
      ...totals,
      file,
    };
  } finally {
    await server.stop();
  }
}

/** The same number of rows as one CSV file streamed to POST /api/personas/{id}/import-csv. */
async function streamedFile(server, cookie, call) {
  const list = await createBenchList(call, 'File');
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    const path = join(dir, 'contacts.csv');
    await writeContactsCsv(path, ROWS, `file${Date.now().toString(36)}`);
    const started = performance.now();
    const report = await uploadCsvFile(server.url, cookie, list.id, path);
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds: Number(seconds.toFixed(2)),
      rowsPerSecond: Math.round(ROWS / seconds),
      inserted: report.inserted,
      skipped: report.skipped,
      failed: report.failed,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `copy(client, database, workspaceId)` on a new in-memory PGlite (the embedded engine, without the server around
 * it) with the app's tables and a user; the seconds it takes.
 */
async function timedOnPglite(copy) {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    const database = wrapPglite(client);
    await migrateDatabase(database);
    const workspaceId = (await database.executeSql(insertUser, ['copy@example.com'])).rows[0].id;
    return await copy(client, database, workspaceId);
  } finally {
    await client.close();
  }
}

/** `COPY ... FROM '/dev/blob'` of `text` on a PGlite client or transaction. */
const copyBlob = (client, table, columns, text) =>
  client.query(`COPY ${table} (${columns}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
    blob: new Blob([text]),
  });

/** Raw COPY into contacts on PGlite. */
const copyIntoPglite = (rows) =>
  timedOnPglite(async (client, _database, workspaceId) => {
    const csv = toCsv(rows, workspaceId);
    const started = performance.now();
    await copyBlob(client, 'contacts', copyColumns, csv);
    return (performance.now() - started) / 1000;
  });

/** The second floor on PGlite: contacts and memberships COPYed in one transaction. */
const copyWithListIntoPglite = (rows) =>
  timedOnPglite(async (client, database, workspaceId) => {
    const listId = (await database.executeSql(insertList, [workspaceId])).rows[0].id;
    const csv = listedCsv(rows, workspaceId, listId);
    const started = performance.now();
    await client.transaction(async (tx) => {
      await copyBlob(tx, 'contacts', listedContactColumns, csv.contacts);
      await copyBlob(tx, 'persona_contacts', memberColumns, csv.members);
    });
    return (performance.now() - started) / 1000;
  });

/** The second floor on PostgreSQL: psql COPYs both files in one transaction (`-1`). */
async function copyWithListIntoPostgres(scratch, rows) {
  const workspaceId = (await scratch.database.executeSql(insertUser, ['copy-list@example.com'])).rows[0].id;
  const listId = (await scratch.database.executeSql(insertList, [workspaceId])).rows[0].id;
  const csv = listedCsv(rows, workspaceId, listId);
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-copy-'));
  try {
    writeFileSync(join(dir, 'contacts.csv'), csv.contacts);
    writeFileSync(join(dir, 'members.csv'), csv.members);
    const started = performance.now();
    await runPsql(scratch.url, [
      '-1',
      '-c',
      `\\copy contacts (${listedContactColumns}) from '${join(dir, 'contacts.csv')}' with (format csv)`,
      '-c',
      `\\copy persona_contacts (${memberColumns}) from '${join(dir, 'members.csv')}' with (format csv)`,
    ]);
    return (performance.now() - started) / 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Raw COPY into contacts on PostgreSQL, through psql's \\copy ... from stdin (the CSV piped in). */
async function copyIntoPostgres(scratch, rows) {
  const workspaceId = (await scratch.database.executeSql(insertUser, ['copy@example.com'])).rows[0].id;
  const csv = toCsv(rows, workspaceId);
  const started = performance.now();
  await runPsql(scratch.url, ['-c', `\\copy contacts (${copyColumns}) from stdin with (format csv)`], csv);
  return (performance.now() - started) / 1000;
}

/** Runs psql on the database with `args`, `input` on its standard input. */
function runPsql(url, args, input = '') {
  return new Promise((resolve, reject) => {
    const psql = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url, ...args], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    psql.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    psql.on('error', reject);
    psql.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql COPY failed: ${stderr}`))));
    psql.stdin.end(input);
  });
}

const result = { rows: ROWS, target: { postgresRowsPerSecond: 20_000 } };
const ratio = (api, copySeconds, withListSeconds) => ({
  copySeconds: Number(copySeconds.toFixed(2)),
  copyRowsPerSecond: Math.round(ROWS / copySeconds),
  apiToCopyRatio: Number((api.rowsPerSecond / (ROWS / copySeconds)).toFixed(3)),
  fileToCopyRatio: Number((api.file.rowsPerSecond / (ROWS / copySeconds)).toFixed(3)),
  copyWithList: {
    seconds: Number(withListSeconds.toFixed(2)),
    rowsPerSecond: Math.round(ROWS / withListSeconds),
    apiRatio: Number((api.rowsPerSecond / (ROWS / withListSeconds)).toFixed(3)),
    fileRatio: Number((api.file.rowsPerSecond / (ROWS / withListSeconds)).toFixed(3)),
  },
});

const pglite = await throughApi({});
result.pglite = {
  ...pglite,
  ...ratio(
    pglite,
    await copyIntoPglite(generateRows('copy')),
    await copyWithListIntoPglite(generateRows('list')),
  ),
};

const scratch = await scratchPostgres({ poolSize: 2 });
try {
  const postgres = await throughApi({ DATABASE_URL: scratch.url });
  result.postgres = {
    ...postgres,
    ...ratio(
      postgres,
      await copyIntoPostgres(scratch, generateRows('copy')),
      await copyWithListIntoPostgres(scratch, generateRows('list')),
    ),
  };
} finally {
  await scratch.drop();
}
console.log(JSON.stringify(result, null, 2));
