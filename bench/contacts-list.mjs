// `npm run bench:contacts-list`: the contacts page at a million rows, on PostgreSQL, printed as one JSON object.
//
// Seeds 1,000,000 contacts for one user (plus 100,000 for a second user, so the indexes hold other users'
// rows too) with generate_series in a scratch database, links all of the first user's contacts to one email
// list, VACUUM ANALYZEs, and then times the API's query path (core's listContacts, the same call the
// GET /api/contacts route makes: page, filtered total and status counts) for page 1, page 500 and filtered
// pages and searches, plus the email list detail's contact page and the email lists index. The scratch database is
// dropped at the end. BENCH_DATABASE_URL (default the local `test` database) is only used to create and
// drop it; BENCH_ITERATIONS (default 300) sets the samples per case.
import { performance } from 'node:perf_hooks';
import { listContacts, listPersonaContacts, listPersonas, systemClock } from '@prospector/core';
import { percentiles, scratchPostgres } from './lib/scratch-postgres.mjs';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 300);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const OTHER_CONTACTS = Math.round(CONTACTS / 10);
const INDUSTRIES = [
  'Software',
  'Fintech',
  'Retail',
  'Healthcare',
  'Education',
  'Logistics',
  'Media',
  'Energy',
  'Manufacturing',
  'Real Estate',
  'Travel',
  'Legal',
];

const scratch = await scratchPostgres();
const { database } = scratch;
const sql = (text, values) => database.executeSql(text, values);

async function seedUser(label, count) {
  const { rows } = await sql(
    `insert into users (email, full_name, password_hash) values ($1, 'Bench', 'x') returning id`,
    [`${label}-${scratch.name}@example.com`],
  );
  const userId = rows[0].id;
  const persona = await sql(
    `insert into personas (user_id, name, industry, job_title, location) values ($1, 'All leads', 'Software', 'CTO', 'Berlin') returning id`,
    [userId],
  );
  const personaId = persona.rows[0].id;
  // One contact a second going back in time; about 2% suppressed, 3% unsubscribed, twelve industries, spread
  // by a hash so that status and industry are independent of each other and of time.
  await sql(
    `insert into contacts (user_id, email, first_name, last_name, name, title, organization_name, city, country,
       organization, suppressed, unsubscribed, persona_id, persona_industry, metadata, created_at, updated_at)
     select $1, 'lead' || g || '@example' || (g % 97) || '.com', 'First' || g, 'Last' || g, 'First' || g || ' Last' || g,
       'Head of Growth', 'Company ' || (g % 20000), 'Berlin', 'Germany',
       jsonb_build_object('name', 'Company ' || (g % 20000), 'industry', ($2::text[])[1 + abs(hashtext('i' || g)) % 12]),
       abs(hashtext('s' || g)) % 50 = 0, abs(hashtext('u' || g)) % 33 = 0, $3, 'Software', '{"source":"csv"}'::jsonb,
       timestamptz '2025-01-01' - g * interval '1 second', timestamptz '2025-01-01'
     from generate_series(1, $4::int) g`,
    [userId, INDUSTRIES, personaId, count],
  );
  await sql(
    `insert into persona_contacts (persona_id, contact_id, user_id, created_at)
     select $1, id, user_id, created_at from contacts where user_id = $2`,
    [personaId, userId],
  );
  return { userId, personaId };
}

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

try {
  const seedStarted = performance.now();
  const { userId, personaId } = await seedUser('bench', CONTACTS);
  await seedUser('other', OTHER_CONTACTS);
  await sql('vacuum analyze');
  const seedSeconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));

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
  };
  const contactsPage = {};
  let sample;
  for (const [name, q] of Object.entries(cases)) {
    contactsPage[name] = await time(async () => {
      sample = await listContacts(deps, userId, q);
    });
    contactsPage[name].total = sample.total;
    contactsPage[name].totalIsExact = sample.totalIsExact;
  }
  const emailList = {
    contactsPage1: await time(() => listPersonaContacts(deps, userId, personaId, { page: 1, limit: 20 })),
    contactsPage500: await time(() => listPersonaContacts(deps, userId, personaId, { page: 500, limit: 20 })),
    searchName: await time(() =>
      listPersonaContacts(deps, userId, personaId, { page: 1, limit: 20, search: 'last4242' }),
    ),
    searchCommonWord: await time(() =>
      listPersonaContacts(deps, userId, personaId, { page: 1, limit: 20, search: 'growth' }),
    ),
    listsIndex: await time(() => listPersonas(deps, userId)),
  };
  // What the maintained counts (decision 008) save: counting the rows on every request instead.
  const countingRows = {
    exactTotal: await time(() => sql('select count(*) from contacts where user_id = $1', [userId]), 10),
    exactStatusCounts: await time(
      () => sql('select status, count(*) from contacts where user_id = $1 group by status', [userId]),
      10,
    ),
  };
  console.log(
    JSON.stringify(
      {
        driver: 'postgres',
        contacts: CONTACTS,
        otherUserContacts: OTHER_CONTACTS,
        seedSeconds,
        iterations,
        stats: sample.stats,
        contactsPageMs: contactsPage,
        emailListMs: emailList,
        withoutCountsTableMs: countingRows,
        target: { p50: 10, p99: 50 },
      },
      null,
      2,
    ),
  );
} finally {
  await scratch.drop();
}
