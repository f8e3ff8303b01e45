// `npm run bench:list-removal`: deleting an email list of BENCH_MEMBERS members (default 1,000,000) on
// PostgreSQL, printed as one JSON object (decision 045).
//
// In a scratch database (dropped at the end; see KEEP) one user gets BENCH_MEMBERS contacts, all in one list (the one
// deleted) and every tenth in a second list (kept). Then:
// - `cascadeSeconds`: the list's deletion as it was while memberships had a foreign key with ON DELETE
//   CASCADE: the key is added again (NOT VALID, so nothing is checked) and the list deleted in one
//   transaction, which is rolled back;
// - `requestMs`: the app's deletion (core's deletePersona, what DELETE /api/personas/{id} runs);
// - `removal`: the worker's removal of the memberships, to its end, and meanwhile the contacts page and
//   the kept list's page, read over and over (p50/p99 in ms), as a user would while it runs;
// - the kept list's count and members, checked afterwards.
// KEEP=1 keeps the scratch database and prints its URL instead of dropping it.
import { performance } from 'node:perf_hooks';
import {
  deletePersona,
  listContacts,
  listPersonaContacts,
  removeDeletedLists,
  SYSTEM_ACTOR,
  systemClock,
} from '@prospector/core';
import { postgresPools } from '@prospector/db';
import { percentiles, scratchPostgres } from './lib/scratch-postgres.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);

const log = (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);
const seconds = (ms) => Number((ms / 1000).toFixed(2));

const scratch = await scratchPostgres({ poolSize: 4 });
const sql = (text, values = []) => scratch.database.executeSql(text, values);
try {
  const workspaceId = (
    await sql(
      `insert into users (email, full_name, password_hash) values ('lists@example.com', 'Lists', 'x') returning id`,
    )
  ).rows[0].id;
  const newList = async (name) =>
    (
      await sql(
        `insert into personas (workspace_id, name, industry, job_title, location) values ($1, $2, 'Software', 'CTO', 'Berlin') returning id`,
        [workspaceId, name],
      )
    ).rows[0].id;
  const doomed = await newList('Purchased list');
  const kept = await newList('Every tenth');
  log(`building ${MEMBERS} contacts`);
  await sql(
    `insert into contacts (workspace_id, email, first_name, last_name, created_at)
     select $1, 'lead' || i || '@company' || (i % 500) || '.example.com', 'First' || i, 'Last' || i,
       now() - i * interval '1 second'
     from generate_series(1, $2::int) i`,
    [workspaceId, MEMBERS],
  );
  log('building the memberships');
  await sql(
    `insert into persona_contacts (persona_id, contact_id, workspace_id) select $1, id, workspace_id from contacts where workspace_id = $2`,
    [doomed, workspaceId],
  );
  await sql(
    `insert into persona_contacts (persona_id, contact_id, workspace_id)
     select $1, id, workspace_id from contacts where workspace_id = $2 and abs(hashtext(id::text)) % 10 = 0`,
    [kept, workspaceId],
  );
  await sql('vacuum analyze contacts');
  await sql('vacuum analyze persona_contacts');
  const keptMembers = Number(
    (await sql('select contact_count from personas where id = $1', [kept])).rows[0].contact_count,
  );

  log('the deletion with the foreign key');
  const client = await postgresPools.get(scratch.database.db).connect();
  let cascadeMs;
  try {
    await client.query('begin');
    await client.query(
      `alter table persona_contacts add constraint cascade_again foreign key (persona_id) references personas (id) on delete cascade not valid`,
    );
    const started = performance.now();
    await client.query('delete from personas where id = $1', [doomed]);
    cascadeMs = performance.now() - started;
    const { rows } = await client.query(
      'select count(*)::int as n from persona_contacts where persona_id = $1',
      [doomed],
    );
    if (rows[0].n !== 0) throw new Error(`The cascade left ${rows[0].n} memberships`);
  } finally {
    await client.query('rollback');
    client.release();
  }

  const deps = { db: scratch.database.db, clock: systemClock };
  log('the deletion now');
  const requestStarted = performance.now();
  await deletePersona(deps, { send: async () => null }, workspaceId, SYSTEM_ACTOR, doomed);
  const requestMs = performance.now() - requestStarted;

  log('the removal, with pages read meanwhile');
  const contactsPage = [];
  const listPage = [];
  let removing = true;
  const reader = (async () => {
    while (removing) {
      let started = performance.now();
      await listContacts(deps, workspaceId, {
        page: 1,
        limit: 20,
        sortBy: 'createdAt',
        sortOrder: 'desc',
        statusFilter: 'all',
      });
      contactsPage.push(performance.now() - started);
      started = performance.now();
      await listPersonaContacts(deps, workspaceId, kept, { page: 1, limit: 20, search: '' });
      listPage.push(performance.now() - started);
    }
  })();
  const removalStarted = performance.now();
  const removed = await removeDeletedLists(deps);
  const removalMs = performance.now() - removalStarted;
  removing = false;
  await reader;

  const left = Number(
    (await sql('select count(*)::int as n from persona_contacts where persona_id = $1', [doomed])).rows[0].n,
  );
  const keptAfter = Number(
    (await sql('select count(*)::int as n from persona_contacts where persona_id = $1', [kept])).rows[0].n,
  );
  console.log(
    JSON.stringify(
      {
        members: MEMBERS,
        cascadeSeconds: seconds(cascadeMs),
        requestMs: Number(requestMs.toFixed(1)),
        removal: {
          seconds: seconds(removalMs),
          removed,
          perSecond: Math.round(removed / (removalMs / 1000)),
          left,
          contactsPageMs: percentiles(contactsPage),
          keptListPageMs: percentiles(listPage),
        },
        keptList: { count: keptMembers, members: keptAfter },
      },
      null,
      2,
    ),
  );
} finally {
  if (process.env.KEEP) console.error(scratch.url);
  else await scratch.drop();
}
