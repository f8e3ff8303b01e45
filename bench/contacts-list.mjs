// `npm run bench:contacts-list [-- --reuse]`: the contacts page on PostgreSQL, printed as one JSON object.
//
// Builds BENCH_CONTACTS contacts (default 1,000,000) over 1,000 email lists with set-based SQL in its own
// database (bench/lib/contacts-dataset.mjs; --reuse keeps a finished one between runs), then times the API's
// query path (core's listContacts, the same call the GET /api/contacts route makes: page, filtered total and
// status counts) for page 1, page 500, pages filtered by status, industry and email list, and searches, the
// public API's page 1,000 by cursor, the email list pages and the lists index, checks every list's
// maintained count against count(*), and prints the disk size of each index. BENCH_DATABASE_URL (default
// the local `test` database) is where the data set's database is created from; BENCH_ITERATIONS (default
// 300) sets the samples per case.
import { performance } from 'node:perf_hooks';
import {
  encodeCursor,
  listContacts,
  listContactsAfter,
  listPersonaContacts,
  listPersonas,
  systemClock,
} from '@prospector/core';
import { contactsDataset } from './lib/contacts-dataset.mjs';
import { percentiles } from './lib/scratch-postgres.mjs';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 300);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);

const reuse = process.argv.includes('--reuse');
const dataset = await contactsDataset({
  contacts: CONTACTS,
  reuse,
  log: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
});
const { database, workspaceId } = dataset;
const personaId = dataset.bigListId;
const sql = (text, values) => database.executeSql(text, values);

async function time(run, runs = iterations) {
  for (let i = 0; i < Math.min(20, runs); i += 1) await run();
  const samples = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

/** The cursor of the last row on page `page` (20 a page), as the public API would hand it out. */
async function cursorBefore(page) {
  const { rows } = await sql(
    `select created_at, id from contacts where workspace_id = $1 order by created_at desc, id desc offset $2 limit 1`,
    [workspaceId, (page - 1) * 20 - 1],
  );
  return encodeCursor(new Date(rows[0].created_at), rows[0].id);
}

/** Bytes on disk of every index of the tables the contacts and email list pages read. */
async function indexSizes() {
  const { rows } = await sql(
    `select indexrelid::regclass::text as name, pg_relation_size(indexrelid)::bigint as bytes
     from pg_index where indrelid in ('contacts'::regclass, 'persona_contacts'::regclass, 'contact_counts'::regclass)
     order by 2 desc`,
  );
  const mb = (bytes) => Number((Number(bytes) / 1024 / 1024).toFixed(1));
  const { rows: tables } = await sql(
    `select relname as name, pg_relation_size(oid)::bigint as bytes from pg_class
     where relname in ('contacts', 'persona_contacts', 'contact_counts')`,
  );
  return {
    indexesMb: Object.fromEntries(rows.map((row) => [row.name, mb(row.bytes)])),
    tablesMb: Object.fromEntries(tables.map((row) => [row.name, mb(row.bytes)])),
  };
}

try {
  const deps = { db: database.db, clock: systemClock };
  const query = (overrides) => ({
    page: 1,
    limit: 20,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    statusFilter: 'all',
    industryFilter: undefined,
    ...overrides,
  });
  const cases = {
    page1: query({}),
    page500: query({ page: 500 }),
    filteredStatusPage1: query({ statusFilter: 'suppressed' }),
    filteredIndustryPage1: query({ industryFilter: 'Fintech' }),
    filteredIndustryPage500: query({ industryFilter: 'Fintech', page: 500 }),
    filteredBothPage1: query({ statusFilter: 'active', industryFilter: 'Fintech' }),
    page1Ascending: query({ sortOrder: 'asc' }),
    // The email list filter: its total is the list's maintained count, unless another filter is set too.
    filteredListPage1: query({ personaId }),
    filteredListPage500: query({ personaId, page: 500 }),
    filteredSmallListPage1: query({ personaId: dataset.smallListId }),
    filteredSmallListAndStatusPage1: query({ personaId: dataset.smallListId, statusFilter: 'suppressed' }),
    filteredListAndStatusPage1: query({ personaId, statusFilter: 'suppressed' }),
    filteredListAndActivePage500: query({ personaId, statusFilter: 'active', page: 500 }),
    // Search (decision 023): one address, a last name (111 contacts), a company (550), a text that 1% of
    // the contacts hold (11,110: past the count's cap), and words every contact's title holds.
    searchEmail: query({ search: 'lead123456@' }),
    searchName: query({ search: 'last4242' }),
    searchCompany: query({ search: 'company 1234' }),
    searchOnePercent: query({ search: 'company 1' }),
    searchCommonWord: query({ search: 'growth' }),
    searchCommonWordHead: query({ search: 'head' }),
    searchCommonWordPage50: query({ search: 'growth', page: 50 }),
    searchNameInList: query({ search: 'last4242', personaId }),
    searchCommonWordInList: query({ search: 'growth', personaId }),
    searchNameInSmallList: query({ search: 'last4207', personaId: dataset.smallListId }),
    searchCommonWordInSmallList: query({ search: 'growth', personaId: dataset.smallListId }),
  };
  const contactsPage = {};
  let sample;
  for (const [name, q] of Object.entries(cases)) {
    contactsPage[name] = await time(async () => {
      sample = await listContacts(deps, workspaceId, q);
    });
    contactsPage[name].total = sample.total;
    contactsPage[name].totalIsExact = sample.totalIsExact;
  }
  const page1000Cursor = await cursorBefore(Math.min(1000, Math.floor((CONTACTS * 0.9) / 20)));
  const publicApi = {
    page1: await time(() => listContactsAfter(deps, workspaceId, { limit: 20 })),
    page1000ByCursor: await time(() =>
      listContactsAfter(deps, workspaceId, { cursor: page1000Cursor, limit: 20 }),
    ),
  };
  const emailList = {
    contactsPage1: await time(() =>
      listPersonaContacts(deps, workspaceId, personaId, { page: 1, limit: 20 }),
    ),
    contactsPage500: await time(() =>
      listPersonaContacts(deps, workspaceId, personaId, { page: 500, limit: 20 }),
    ),
    searchName: await time(() =>
      listPersonaContacts(deps, workspaceId, personaId, { page: 1, limit: 20, search: 'last4242' }),
    ),
    searchCommonWord: await time(() =>
      listPersonaContacts(deps, workspaceId, personaId, { page: 1, limit: 20, search: 'growth' }),
    ),
    smallListPage1: await time(() =>
      listPersonaContacts(deps, workspaceId, dataset.smallListId, { page: 1, limit: 20 }),
    ),
    listsIndex: await time(() => listPersonas(deps, workspaceId)),
  };
  // The list counts the UI shows, read from the maintained counters, next to counting the rows.
  const { rows: countCheck } = await sql(
    `select count(*)::int as lists, count(*) filter (where p.contact_count = (select count(*) from persona_contacts pc where pc.persona_id = p.id))::int as exact
     from personas p where p.workspace_id = $1`,
    [workspaceId],
  );
  const listCounts = {
    exact: countCheck[0].exact === countCheck[0].lists,
    listsChecked: countCheck[0].lists,
    countingBigListMs: await time(
      () => sql('select count(*) from persona_contacts where persona_id = $1', [personaId]),
      10,
    ),
  };
  // What the maintained counts (decision 008) save: counting the rows on every request instead.
  const countingRows = {
    exactTotal: await time(
      () => sql('select count(*) from contacts where workspace_id = $1', [workspaceId]),
      10,
    ),
    exactStatusCounts: await time(
      () =>
        sql('select status, count(*) from contacts where workspace_id = $1 group by status', [workspaceId]),
      10,
    ),
  };
  console.log(
    JSON.stringify(
      {
        driver: 'postgres',
        contacts: CONTACTS,
        reusedDataSet: dataset.reused,
        buildSeconds: dataset.buildSeconds,
        migrateSeconds: dataset.migrateSeconds,
        iterations,
        stats: sample.stats,
        contactsPageMs: contactsPage,
        publicApiMs: publicApi,
        emailListMs: emailList,
        listCounts,
        withoutCountsTableMs: countingRows,
        disk: await indexSizes(),
        target: { p50: 5, p99: 20, countsMs: 50 },
      },
      null,
      2,
    ),
  );
} finally {
  await database.close();
}
