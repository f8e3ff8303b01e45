// `npm run bench:inbox`: the Inbox at 100,000 threads, on PostgreSQL, printed as one JSON object.
//
// Seeds one user with a mailbox, a sequence, 100,000 contacts and one conversation each (80% people's
// replies, the rest auto-replies, bounces and unclassified; a lead status on most, a third unread), every
// conversation with our email and the prospect's answer stored (200,000 messages, HTML bodies included), and
// a second user with 10,000 more so the indexes hold other users' rows. Then it times the API's own calls:
// the list (page 1, a page deep through the cursor, each filter, a search), a thread opened with all its
// messages and the contact's card, and the unread count. Goals: list p99 under 200 ms, thread p99 under 300 ms.
// BENCH_DATABASE_URL (default the local `test` database) creates and drops the scratch database;
// BENCH_ITERATIONS (default 200) sets the samples per case; BENCH_THREADS (default 100000) the size.
import { performance } from 'node:perf_hooks';
import { countUnread, getConversation, listConversations } from '@prospector/core';
import { percentiles, scratchPostgres } from './lib/scratch-postgres.mjs';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);
const THREADS = Number(process.env.BENCH_THREADS ?? 100_000);
const STATUSES = [
  'interested',
  'meeting_booked',
  'not_interested',
  'out_of_office',
  'wrong_person',
  'unsubscribe_request',
];
const BODY = `<div><p>Thanks for reaching out. ${'We are reviewing vendors this quarter and would like to hear more. '.repeat(8)}</p><blockquote>On Monday, you wrote: Hi there</blockquote></div>`;

const scratch = await scratchPostgres();
const { database } = scratch;
const sql = (text, values) => database.executeSql(text, values);

async function seedUser(label, count) {
  const user = await sql(
    `insert into users (email, full_name, password_hash) values ($1, 'Bench', 'x') returning id`,
    [`${label}-${scratch.name}@example.com`],
  );
  const workspaceId = user.rows[0].id;
  const account = await sql(
    `insert into gmail_accounts (workspace_id, google_user_id, email, sandbox) values ($1, $2, $3, true) returning id`,
    [workspaceId, `g-${label}`, `${label}@seller.example`],
  );
  const accountId = account.rows[0].id;
  const sequence = await sql(
    `insert into sequences (workspace_id, name) values ($1, 'Q4 outreach') returning id`,
    [workspaceId],
  );
  const sequenceId = sequence.rows[0].id;
  await sql(
    `insert into contacts (workspace_id, email, first_name, last_name, organization_name, lead_status, lead_status_source, lead_status_reason, created_at, updated_at)
     select $1, 'lead' || g || '@prospect' || (g % 97) || '.com', 'First' || g, 'Last' || g, 'Company ' || (g % 5000),
       case when g % 7 = 0 then null else ($2::text[])[1 + abs(hashtext('s' || g)) % 6] end,
       case when g % 7 = 0 then null when g % 11 = 0 then 'user' else 'auto' end,
       case when g % 7 = 0 then null else 'The reply says "sounds good"' end,
       timestamptz '2025-01-01' - g * interval '1 minute', timestamptz '2025-01-01'
     from generate_series(1, $3::int) g`,
    [workspaceId, STATUSES, count],
  );
  await sql(
    `insert into inbox_conversations (workspace_id, account_id, gmail_thread_id, contact_id, sequence_id, tab, subject, snippet,
       last_message_at, last_inbound_at, read_at, message_count, created_at, updated_at)
     select c.workspace_id, $2, 'thread-' || c.id, c.id, $3,
       case when n % 10 < 8 then 'people' when n % 10 = 8 then 'auto' when n % 20 = 9 then 'bounces' else 'unclassified' end,
       'Re: Quick question', 'Thanks for reaching out, we would like to hear more ' || n,
       timestamptz '2025-06-01' - n * interval '37 seconds', timestamptz '2025-06-01' - n * interval '37 seconds',
       case when n % 3 = 0 then null else timestamptz '2025-06-02' end, 2,
       timestamptz '2025-06-01' - n * interval '37 seconds', timestamptz '2025-06-01'
     from (select id, workspace_id, row_number() over (order by id) n from contacts where workspace_id = $1) c`,
    [workspaceId, accountId, sequenceId],
  );
  for (const [direction, offset] of [
    ['out', '1 day'],
    ['in', '0 seconds'],
  ]) {
    await sql(
      `insert into inbox_messages (workspace_id, conversation_id, gmail_message_id, message_id_header, direction, kind,
         from_address, to_address, subject, text_body, html_body, sent_at)
       select workspace_id, id, $2 || id, '<' || $2 || id || '@bench.example>', $2, case when $2 = 'in' then 'reply' end,
         'someone@example.com', 'other@example.com', subject, snippet || ' — we are reviewing vendors this quarter.', $3,
         last_message_at - $4::interval
       from inbox_conversations where workspace_id = $1`,
      [workspaceId, direction, BODY, offset],
    );
  }
  // The search words the app keeps on arrival: the contact, the subject and both messages.
  await sql(
    `update inbox_conversations c set search_vector = to_tsvector('simple', concat_ws(' ', ct.email,
       translate(ct.email, '@.', '  '), ct.first_name, ct.last_name, ct.organization_name, c.subject,
       c.snippet || ' — we are reviewing vendors this quarter.'))
     from contacts ct where ct.id = c.contact_id and c.workspace_id = $1`,
    [workspaceId],
  );
  return { workspaceId, accountId, sequenceId };
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
  const { workspaceId, accountId, sequenceId } = await seedUser('bench', THREADS);
  await seedUser('other', Math.round(THREADS / 10));
  await sql('vacuum analyze');
  const seedSeconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));
  const db = database.db;
  const filters = (overrides) => ({ tab: 'people', unread: false, limit: 50, ...overrides });

  // A cursor 40 pages deep, reached the way the page reaches it.
  let cursor = null;
  for (let page = 0; page < 40; page += 1)
    cursor = (await listConversations(db, workspaceId, filters({ cursor }))).nextCursor;
  const { rows: someConversations } = await sql(
    `select id from inbox_conversations where workspace_id = $1 order by random() limit 200`,
    [workspaceId],
  );
  let next = 0;
  const list = {
    page1: await time(() => listConversations(db, workspaceId, filters({}))),
    page41ByCursor: await time(() => listConversations(db, workspaceId, filters({ cursor }))),
    autoTab: await time(() => listConversations(db, workspaceId, filters({ tab: 'auto' }))),
    unreadOnly: await time(() => listConversations(db, workspaceId, filters({ unread: true }))),
    statusMeetingBooked: await time(() =>
      listConversations(db, workspaceId, filters({ status: 'meeting_booked' })),
    ),
    mailbox: await time(() => listConversations(db, workspaceId, filters({ mailboxId: accountId }))),
    sequence: await time(() => listConversations(db, workspaceId, filters({ sequenceId }))),
    searchCompany: await time(() => listConversations(db, workspaceId, filters({ q: 'Company 4999' }))),
    searchText: await time(() => listConversations(db, workspaceId, filters({ q: 'vendors' }))),
    searchNoMatch: await time(() => listConversations(db, workspaceId, filters({ q: 'zebra-no-match' }))),
  };
  const thread = {
    open: await time(() =>
      getConversation(db, workspaceId, someConversations[next++ % someConversations.length].id),
    ),
  };
  const unreadCount = await time(() => countUnread(db, workspaceId));
  const p99 = (cases) => Math.max(...Object.values(cases).map((c) => c.p99));
  const result = {
    driver: 'postgres',
    threads: THREADS,
    messages: THREADS * 2,
    seedSeconds,
    iterations,
    listMs: list,
    threadMs: thread,
    unreadCountMs: unreadCount,
    goals: {
      listP99Under200: p99(list) < 200,
      threadP99Under300: thread.open.p99 < 300,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  if (!result.goals.listP99Under200 || !result.goals.threadP99Under300) process.exitCode = 1;
} finally {
  await scratch.drop();
}
