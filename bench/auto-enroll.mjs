// `npm run bench:auto-enroll`: automatic enrolment (decision 026) on PostgreSQL, printed as one JSON object.
//
// In a scratch database: one user, a connected mailbox, a template and BENCH_SEQUENCES (default 10)
// running one-step sequences, all launched on the same email list (with contacts of other sequences
// included, so every sequence enrols everyone). BENCH_CONTACTS (default 10,000) contacts are then added to
// the list as a CSV import does, in batches of 2,000 (the membership trigger marks the sequences), and
// the worker's enrolment step (enrolNewListMembers, as each engine round runs it) runs until every contact
// is enrolled in every sequence. Printed: the import's cost with and without the trigger (the same rows
// into a list no launched sequence uses), the time from the last insert to all enrolled (goal: within
// 60 s, the cron's minute), and the worker's cost per enrolment. A launch of the same contacts in an
// eleventh sequence is timed too, to compare with automatic enrolment. Entering the enrolments (rendering
// and scheduling each first email) is the engine's tick, measured by bench:engine-tick; BENCH_ENTER=1 adds
// the time the tick takes to schedule BENCH_ENTER_SAMPLE (default 1,000) of them.
import { performance } from 'node:perf_hooks';
import {
  enrolNewListMembers,
  launchSequence,
  SYSTEM_ACTOR,
  systemClock,
  tickEnrolments,
} from '@prospector/core';
import { scratchPostgres } from './lib/scratch-postgres.mjs';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);
const SEQUENCES = Number(process.env.BENCH_SEQUENCES ?? 10);
const BATCH = 2_000;

const scratch = await scratchPostgres({ poolSize: 4 });
const sql = (text, values) => scratch.database.executeSql(text, values);
const one = async (text, values) => (await sql(text, values)).rows[0];
const ms = (since) => Number((performance.now() - since).toFixed(1));

try {
  const user = (
    await one(
      `insert into users (email, full_name, password_hash) values ('auto@bench.example', 'Bench', 'x') returning id`,
    )
  ).id;
  const account = (
    await one(
      `insert into gmail_accounts (workspace_id, google_user_id, email, access_token, refresh_token)
       values ($1, 'g-1', 'me@bench.example', 'x', 'x') returning id`,
      [user],
    )
  ).id;
  const template = (
    await one(
      `insert into templates (workspace_id, name, subject, html_body) values ($1, 'T', 'Hello {{first_name|there}}', '<p>Hi {{name}}</p>') returning id`,
      [user],
    )
  ).id;
  const list = async (name) =>
    (
      await one(
        `insert into personas (workspace_id, name, industry, job_title, location) values ($1, $2, 'Software', 'CTO', 'Berlin') returning id`,
        [user, name],
      )
    ).id;
  const linked = await list('Linked');
  const plain = await list('Not linked');
  const deps = { db: scratch.database.db, clock: systemClock, appUrl: 'https://app.bench.example' };

  async function sequence(name) {
    const id = (
      await one(
        `insert into sequences (workspace_id, name, status, sender_account_id) values ($1, $2, 'draft', $3) returning id`,
        [user, name, account],
      )
    ).id;
    await sql(
      `insert into sequence_steps (workspace_id, sequence_id, name, step_order, step_type, template_id, delay_days, send_hour)
       values ($1, $2, 'Email', 1, 'send_email', $3, 1, 9)`,
      [user, id, template],
    );
    await sql(`insert into sequence_personas (sequence_id, persona_id, workspace_id) values ($1, $2, $3)`, [
      id,
      linked,
      user,
    ]);
    return id;
  }
  const sequences = [];
  for (let i = 0; i < SEQUENCES; i++) sequences.push(await sequence(`Sequence ${i + 1}`));
  for (const id of sequences)
    await launchSequence(deps, user, SYSTEM_ACTOR, id, { includeContactsInOtherSequences: true });

  await sql(
    `insert into contacts (workspace_id, email, first_name) select $1, 'lead' || g || '@bench.example', 'Lead' || g
     from generate_series(1, $2::int) g`,
    [user, CONTACTS * 2],
  );
  await sql('vacuum analyze');

  /** Adds contacts from+1..to to the list in import-sized statements; returns the time taken. */
  async function addMembers(listId, from, to) {
    const started = performance.now();
    for (let low = from + 1; low <= to; low += BATCH) {
      await sql(
        `insert into persona_contacts (persona_id, contact_id, workspace_id)
         select $1, id, $2 from contacts where workspace_id = $2
           and substring(email from 'lead(\\d+)@')::int between $3 and $4
         on conflict do nothing`,
        [listId, user, low, Math.min(to, low + BATCH - 1)],
      );
    }
    return ms(started);
  }
  const importPlainMs = await addMembers(plain, CONTACTS, CONTACTS * 2);
  const importLinkedMs = await addMembers(linked, 0, CONTACTS);

  const started = performance.now();
  let enrolled = 0;
  let rounds = 0;
  for (;;) {
    rounds += 1;
    const added = await enrolNewListMembers(deps);
    enrolled += added;
    if (added === 0) break;
  }
  const enrolMs = ms(started);
  const expected = CONTACTS * SEQUENCES;
  const { n: rows } = await one(`select count(*)::int as n from sequence_contacts where workspace_id = $1`, [
    user,
  ]);
  if (enrolled !== expected || rows !== expected) {
    throw new Error(`enrolled ${enrolled} (${rows} rows), expected ${expected}`);
  }
  let enterSample = null;
  if (process.env.BENCH_ENTER === '1') {
    const sample = Number(process.env.BENCH_ENTER_SAMPLE ?? 1_000);
    const enterStarted = performance.now();
    const worked = await tickEnrolments(deps, { maxBatches: Math.ceil(sample / 100) });
    enterSample = { entered: worked, ms: ms(enterStarted) };
  }

  // A launch of the same list in one more sequence: what the launch's enrolment costs for the same contacts
  // (the launch also enters up to 1,000 of them itself).
  const extra = await sequence('Launched');
  const launchStarted = performance.now();
  const launched = await launchSequence(deps, user, SYSTEM_ACTOR, extra, {
    includeContactsInOtherSequences: true,
  });
  const launchEnrolMs = ms(launchStarted);
  process.stdout.write(
    `${JSON.stringify(
      {
        benchmark: 'auto-enroll',
        contacts: CONTACTS,
        sequences: SEQUENCES,
        importMs: { listWithoutSequences: importPlainMs, listOfRunningSequences: importLinkedMs },
        enrolled,
        enrolRounds: rounds - 1,
        allEnrolledMs: enrolMs,
        withinOneMinute: enrolMs <= 60_000,
        workerMsPerEnrolment: Number((enrolMs / expected).toFixed(4)),
        enterSample,
        launchOfOneSequence: { enrolled: launched.enrolled, ms: launchEnrolMs },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await scratch.drop();
}
