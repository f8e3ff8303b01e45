// The contacts bench's data set, built with set-based SQL in its own database and kept between runs.
//
// `prospector_bench_contacts_<N>` holds N contacts over 1,000 email lists: one user holds 90% of them in 100
// lists (every contact in one of them by id, the newest fifth also in a "Big list"), 899 other users share
// the rest, one list each. Keys and secondary indexes are dropped during the load and built once after it
// (bench/lib/bulk-load.mjs), contacts go in with their memberships a million at a time, the counters are
// kept by the same triggers the app runs on, and a marker row says the build finished, so `--reuse` opens a finished data set instead of building it again.
import { createDatabase, migrateDatabase } from '@prospector/db';
import pg from 'pg';
import { withoutKeysAndIndexes } from './bulk-load.mjs';
import { adminUrl } from './scratch-postgres.mjs';

const LISTS_OF_MAIN_USER = 100;
const OTHER_USERS = 899;
const CHUNK = 1_000_000;
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

async function admin(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Opens the data set of `contacts` contacts, building it first unless `reuse` finds a finished one. */
export async function contactsDataset({ contacts, reuse, log = () => {} }) {
  const name = `prospector_bench_contacts_${contacts}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const exists = (await admin(`select 1 from pg_database where datname = '${name}'`)).rowCount > 0;
  if (reuse && exists) {
    const database = await createDatabase({ url: url.toString(), poolSize: 4 });
    const found = await readMarker(database);
    if (found) return { name, database, reused: true, ...found, ...(await migrated(database, log)) };
    await database.close();
  }
  if (exists) await admin(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const database = await createDatabase({ url: url.toString(), poolSize: 4 });
  await migrateDatabase(database);
  const started = Date.now();
  const ids = await build(database, contacts, log);
  const buildSeconds = Math.round((Date.now() - started) / 1000);
  await database.executeSql(
    `create table bench_dataset (workspace_id uuid, big_list_id uuid, small_list_id uuid, build_seconds int)`,
  );
  await database.executeSql(`insert into bench_dataset values ($1, $2, $3, $4)`, [
    ids.workspaceId,
    ids.bigListId,
    ids.smallListId,
    buildSeconds,
  ]);
  return { name, database, reused: false, ...ids, buildSeconds };
}

/**
 * Brings a kept data set to the current schema, timing the migrations (what they would cost a database of
 * this size), then refreshes the planner's statistics and the visibility map their writes left stale.
 */
async function migrated(database, log) {
  const before = await appliedMigrations(database);
  const started = Date.now();
  await migrateDatabase(database);
  const migrations = (await appliedMigrations(database)) - before;
  if (migrations === 0) return {};
  const migrateSeconds = Math.round((Date.now() - started) / 1000);
  log(`${migrations} migration(s) applied in ${migrateSeconds} s`);
  await database.executeSql('vacuum analyze');
  return { migrateSeconds };
}

async function appliedMigrations(database) {
  const { rows } = await database.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
  return rows[0].n;
}

async function readMarker(database) {
  try {
    const { rows } = await database.executeSql('select * from bench_dataset');
    const row = rows[0];
    if (!row) return null;
    return {
      workspaceId: row.workspace_id,
      bigListId: row.big_list_id,
      smallListId: row.small_list_id,
      buildSeconds: row.build_seconds,
    };
  } catch {
    return null;
  }
}

async function build(database, total, log) {
  const sql = (text, values) => database.executeSql(text, values);
  let ids;
  await withoutKeysAndIndexes(
    sql,
    ['contacts', 'persona_contacts'],
    async () => {
      ids = await loadMainUser(sql, Math.round(total * 0.9), log);
      await loadOtherUsers(sql, total - Math.round(total * 0.9), log);
    },
    log,
  );
  await sql('vacuum analyze');
  log('vacuum analyze');
  return ids;
}

/**
 * Inserts `count` contacts a million at a time, each statement with their memberships: the contact's own
 * list, and `bigList.id` for those created after `bigList.since`. `insertContacts` numbers its rows
 * `generate_series($1::int, $2::int)` and its other parameters from $3 (`values`).
 */
async function insertInChunks(sql, { count, insertContacts, values, bigList, log, label }) {
  const next = values.length + 3;
  const bigListMembers = bigList
    ? `union all select $${next}::uuid, id, workspace_id, created_at, status, created_at from added
       where created_at > $${next + 1}`
    : '';
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await sql(
      `with added as (${insertContacts} returning id, workspace_id, persona_id, created_at, status)
       insert into persona_contacts (persona_id, contact_id, workspace_id, created_at, contact_status, contact_created_at)
       select persona_id, id, workspace_id, created_at, status, created_at from added ${bigListMembers}`,
      [from, to, ...values, ...(bigList ? [bigList.id, bigList.since] : [])],
    );
    log(`${label}: ${to} contacts and their memberships`);
  }
}

async function loadMainUser(sql, count, log) {
  const main = await sql(
    `insert into users (email, full_name, password_hash) values ('bench-main@example.com', 'Bench', 'x') returning id`,
  );
  const workspaceId = main.rows[0].id;
  const mainLists = await sql(
    `insert into personas (workspace_id, name, industry, job_title, location, created_at)
     select $1, 'List ' || k, 'Software', 'CTO', 'Berlin', timestamptz '2025-01-01' + k * interval '1 minute'
     from generate_series(0, $2::int - 1) k returning id, name`,
    [workspaceId, LISTS_OF_MAIN_USER],
  );
  const listIds = mainLists.rows
    .sort((a, b) => Number(a.name.slice(5)) - Number(b.name.slice(5)))
    .map((row) => row.id);
  const big = await sql(
    `insert into personas (workspace_id, name, industry, job_title, location) values ($1, 'Big list', 'Software', 'CTO', 'Berlin') returning id`,
    [workspaceId],
  );
  const bigListId = big.rows[0].id;
  const bigListSince = new Date(Date.parse('2025-01-01T00:00:00Z') - Math.round(count / 5) * 1000);

  // One contact a second going back in time; about 2% suppressed, 3% unsubscribed, twelve industries, spread
  // by a hash so that status and industry are independent of each other and of time. Every contact is in
  // one of the user's lists by its number, the newest fifth also in the big list.
  await insertInChunks(sql, {
    count,
    insertContacts: `insert into contacts (workspace_id, email, first_name, last_name, name, title, organization_name, city, country,
       organization, suppressed, unsubscribed, persona_id, persona_industry, metadata, created_at, updated_at)
     select $3, 'lead' || g || '@example' || (g % 97) || '.com', 'First' || g, 'Last' || g, 'First' || g || ' Last' || g,
       'Head of Growth', 'Company ' || (g % 20000), 'Berlin', 'Germany',
       jsonb_build_object('name', 'Company ' || (g % 20000), 'industry', ($4::text[])[1 + abs(hashtext('i' || g)) % 12]),
       abs(hashtext('s' || g)) % 50 = 0, abs(hashtext('u' || g)) % 33 = 0, ($5::uuid[])[1 + g % $6::int], 'Software',
       '{"source":"csv"}'::jsonb, timestamptz '2025-01-01' - g * interval '1 second', timestamptz '2025-01-01'
     from generate_series($1::int, $2::int) g`,
    values: [workspaceId, INDUSTRIES, listIds, LISTS_OF_MAIN_USER],
    bigList: { id: bigListId, since: bigListSince },
    log,
    label: 'main user',
  });
  return { workspaceId, bigListId, smallListId: listIds[7] };
}

async function loadOtherUsers(sql, count, log) {
  const others = await sql(
    `insert into users (email, full_name, password_hash)
     select 'bench-other' || k || '@example.com', 'Other', 'x' from generate_series(1, $1::int) k returning id`,
    [OTHER_USERS],
  );
  const otherWorkspaceIds = others.rows.map((row) => row.id);
  const otherLists = await sql(
    `insert into personas (workspace_id, name, industry, job_title, location)
     select u, 'Leads', 'Retail', 'Owner', 'Paris' from unnest($1::uuid[]) u returning id, workspace_id`,
    [otherWorkspaceIds],
  );
  const listOf = new Map(otherLists.rows.map((row) => [row.workspace_id, row.id]));
  const otherListIds = otherWorkspaceIds.map((id) => listOf.get(id));
  await insertInChunks(sql, {
    count,
    insertContacts: `insert into contacts (workspace_id, email, first_name, last_name, name, title, organization_name, city, country,
       organization, persona_id, persona_industry, created_at, updated_at)
     select ($3::uuid[])[1 + g % $5::int], 'other' || g || '@example.org', 'Ann' || g, 'Other' || g, 'Ann' || g || ' Other' || g,
       'Owner', 'Shop ' || (g % 5000), 'Paris', 'France', jsonb_build_object('name', 'Shop ' || (g % 5000)),
       ($4::uuid[])[1 + g % $5::int], 'Retail', timestamptz '2025-01-01' - g * interval '1 second', timestamptz '2025-01-01'
     from generate_series($1::int, $2::int) g`,
    values: [otherWorkspaceIds, otherListIds, OTHER_USERS],
    log,
    label: 'other users',
  });
}
