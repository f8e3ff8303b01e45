// `npm run bench:engine-tick`: what one engine tick costs for the same due work with 10,000 and with
// 1,000,000 enrolments in the database, on PostgreSQL, printed as one JSON object.
//
// In a scratch database: one user, mailbox, template and running sequence whose first step is a 1-hour wait
// leading to a send step. BENCH_DUE (default 1,000) enrolments are due (their wait has ended); all the
// others wait 30 days. Each sample runs core's tickEnrolments (the tick the worker runs), which renders and
// schedules the due enrolments' emails; the due set is then reset. First with BENCH_SMALL (10,000)
// enrolments in all, then again after growing to BENCH_LARGE (1,000,000). The ratio large/small is the
// figure of merit (goal <= 1.5). BENCH_DATABASE_URL (default the local `test` database) is only used to
// create and drop the scratch database.
import { performance } from 'node:perf_hooks';
import { systemClock, tickEnrolments } from '@prospector/core';
import { percentiles, scratchPostgres } from './lib/scratch-postgres.mjs';

const DUE = Number(process.env.BENCH_DUE ?? 1_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 10_000);
const LARGE = Number(process.env.BENCH_LARGE ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5);

const scratch = await scratchPostgres({ poolSize: 4 });
const sql = (text, values) => scratch.database.executeSql(text, values);
const one = async (text, values) => (await sql(text, values)).rows[0];

try {
  const user = (
    await one(
      `insert into users (email, full_name, password_hash) values ('tick@bench.example', 'Bench', 'x') returning id`,
    )
  ).id;
  const account = (
    await one(
      `insert into gmail_accounts (workspace_id, google_user_id, email) values ($1, 'g-1', 'me@bench.example') returning id`,
      [user],
    )
  ).id;
  const template = (
    await one(
      `insert into templates (workspace_id, name, subject, html_body) values ($1, 'T', 'Hello {{first_name|there}}', '<p>Hi {{name}}, {{unsubscribe_url}}</p>') returning id`,
      [user],
    )
  ).id;
  const sequence = (
    await one(
      `insert into sequences (workspace_id, name, status, sender_account_id) values ($1, 'Bench', 'running', $2) returning id`,
      [user, account],
    )
  ).id;
  const send = (
    await one(
      `insert into sequence_steps (workspace_id, sequence_id, name, step_order, step_type, template_id, delay_days, send_hour)
       values ($1, $2, 'Email', 2, 'send_email', $3, 0, 9) returning id`,
      [user, sequence, template],
    )
  ).id;
  const wait = (
    await one(
      `insert into sequence_steps (workspace_id, sequence_id, name, step_order, step_type, wait_value, wait_unit, next_action_type, next_action_step_id)
       values ($1, $2, 'Wait', 1, 'wait', 1, 'hours', 'send_email', $3) returning id`,
      [user, sequence, send],
    )
  ).id;

  /** Adds enrolments numbered from+1..to; the first DUE of all are due, the rest wait 30 days. */
  async function grow(from, to) {
    await sql(
      `insert into contacts (workspace_id, email, first_name) select $1, 'lead' || g || '@bench.example', 'Lead' || g
       from generate_series($2::int, $3::int) g`,
      [user, from + 1, to],
    );
    await sql(
      `insert into sequence_contacts (workspace_id, sequence_id, contact_id, status, current_step_id, sender_account_id, next_run_at)
       select $1, $2, c.id, 'active', $3, $4,
         case when substring(c.email from 'lead(\\d+)@')::int <= $5 then now() - interval '1 minute' else now() + interval '30 days' end
       from contacts c where c.workspace_id = $1 and substring(c.email from 'lead(\\d+)@')::int between $6 and $7`,
      [user, sequence, wait, account, DUE, from + 1, to],
    );
    await sql('vacuum analyze');
  }

  async function resetDue() {
    await sql(`delete from email_sends where sequence_id = $1`, [sequence]);
    await sql(
      `update sequence_contacts set current_step_id = $2, next_run_at = now() - interval '1 minute'
       where sequence_id = $1 and contact_id in (
         select id from contacts where workspace_id = $3 and substring(email from 'lead(\\d+)@')::int <= $4)`,
      [sequence, wait, user, DUE],
    );
  }

  const deps = { db: scratch.database.db, clock: systemClock, appUrl: 'https://app.bench.example' };
  async function measure() {
    const samples = [];
    for (let i = 0; i < SAMPLES + 1; i++) {
      await resetDue();
      const started = performance.now();
      const worked = await tickEnrolments(deps, { maxBatches: Math.ceil(DUE / 100) + 1 });
      const ms = performance.now() - started;
      if (worked !== DUE) throw new Error(`tick worked ${worked}, expected ${DUE}`);
      const { n } = await one(`select count(*)::int as n from email_sends where sequence_id = $1`, [
        sequence,
      ]);
      if (n !== DUE) throw new Error(`tick scheduled ${n} emails, expected ${DUE}`);
      if (i > 0) samples.push(ms); // the first run warms caches
    }
    return percentiles(samples);
  }

  await grow(0, SMALL);
  const small = await measure();
  await grow(SMALL, LARGE);
  const large = await measure();
  process.stdout.write(
    `${JSON.stringify(
      {
        benchmark: 'engine-tick',
        due: DUE,
        small: { enrolled: SMALL, tickMs: small, perEnrolmentMs: Number((small.p50 / DUE).toFixed(3)) },
        large: { enrolled: LARGE, tickMs: large, perEnrolmentMs: Number((large.p50 / DUE).toFixed(3)) },
        ratio: Number((large.p50 / small.p50).toFixed(2)),
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await scratch.drop();
}
