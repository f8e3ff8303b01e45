// `npm run bench:reply-latency`: how long a reply takes to stop its enrolment (decision 012: the reply
// poller; decision 011 rule 5), printed as one JSON object with the median, p95 and max in seconds for each
// poll interval.
//
// For each REPLY_POLL_SECONDS value (BENCH_POLL_SECONDS, default "30,5": the default and a low one), a real
// server process (apps/server/src/main.ts with its worker: the poller, pg-boss, the sandbox Google) runs on
// a scratch PostgreSQL database made next to BENCH_DATABASE_URL (default the local `test` database) and
// dropped. A user connects a sandbox mailbox through the consent flow and launches a two-step sequence to
// BENCH_REPLIES (default 10) contacts: step 1 with no reaction window, whose not-opened branch schedules
// step 2 three days later. Engine rounds run here send step 1 and schedule every follow-up. Then each
// recipient answers step 1 through the Sandbox Inbox's reply simulation at a random moment spread over two
// poll intervals, and the time from the reply landing in the mailbox (its internal date) to the enrolment
// being stopped (status `replied` and its follow-up `cancelled`, read every 50 ms) is the latency. Goal: at
// most 60 s.
import { setTimeout as sleep } from 'node:timers/promises';
import { runEngineRound, systemClock } from '@prospector/core';
import { loadConfig } from '../apps/server/src/config.ts';
import { googleSettings } from '../apps/server/src/routes/mailboxes/google-settings.ts';
import { connectMailbox, createBrowser } from '../apps/server/src/testing/gmail-test-kit.ts';
import { startServer } from '../e2e/lib/server.mjs';
import { root } from '../scripts/build-state.mjs';
import { scratchPostgres } from './lib/scratch-postgres.mjs';

const REPLIES = Number(process.env.BENCH_REPLIES ?? 10);
const POLL_SECONDS = (process.env.BENCH_POLL_SECONDS ?? '30,5').split(',').map(Number);
const APP_SECRET = 'reply-bench-secret-reply-bench-secret';
const MAILBOX = 'replies@reply-bench.example';
const GOAL_SECONDS = 60;
/** A reply not seen after this long counts as lost and fails the run. */
const GIVE_UP_MS = 180_000;

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const seconds = (ms) => Number((ms / 1000).toFixed(2));

/** A user, a sandbox mailbox with no gaps, and a launched two-step sequence to REPLIES contacts. */
async function launchSequence(server, sql) {
  const one = async (text, values) => (await sql(text, values)).rows[0];
  const browser = createBrowser(server.url);
  const user = await browser.signUp();
  await connectMailbox(browser, MAILBOX);
  await sql('update gmail_accounts set min_gap_seconds = 0, max_gap_seconds = 0 where workspace_id = $1', [
    user.id,
  ]);
  const template = await one(
    `insert into templates (workspace_id, name, subject, html_body)
     values ($1, 'Intro', 'Quick question, {{first_name}}', '<p>Hi {{first_name}}, could we talk?</p>') returning id`,
    [user.id],
  );
  const list = await one(
    `insert into personas (workspace_id, name, industry, job_title, location)
     values ($1, 'Replies', 'Software', 'CTO', 'Berlin') returning id`,
    [user.id],
  );
  await sql(
    `with c as (insert into contacts (workspace_id, email, first_name)
       select $1, 'lead' || g || '@reply-bench.example', 'Lead' || g from generate_series(1, $2::int) g returning id)
     insert into persona_contacts (persona_id, contact_id, workspace_id) select $3, id, $1 from c`,
    [user.id, REPLIES, list.id],
  );
  const sequence = await one(
    `insert into sequences (workspace_id, name) values ($1, 'Reply latency') returning id`,
    [user.id],
  );
  const followUp = await one(
    `insert into sequence_steps (workspace_id, sequence_id, name, step_order, template_id, delay_days)
     values ($1, $2, 'Follow-up', 2, $3, 3) returning id`,
    [user.id, sequence.id, template.id],
  );
  await sql(
    `insert into sequence_steps (workspace_id, sequence_id, name, step_order, template_id, delay_days,
       reaction_window_hours, reaction_window_minutes, not_opened_step_id, not_opened_wait_days)
     values ($1, $2, 'Email', 1, $3, 0, 0, 0, $4, 3)`,
    [user.id, sequence.id, template.id, followUp.id],
  );
  await sql('insert into sequence_personas (sequence_id, persona_id, workspace_id) values ($1, $2, $3)', [
    sequence.id,
    list.id,
    user.id,
  ]);
  const launch = await browser.post(`/api/sequences/${sequence.id}/launch`);
  if (launch.status !== 200) throw new Error(`launch: ${launch.status} ${launch.text}`);
  return { browser, sequenceId: sequence.id };
}

/**
 * Sends step 1 now (its send time moved to now) and schedules every follow-up, with engine rounds run in
 * this process: sending and judging are not what is measured.
 */
async function sendAndSchedule(server, scratch, sql, sequenceId) {
  const config = loadConfig({
    APP_URL: server.url,
    APP_SECRET,
    DATABASE_URL: scratch.url,
    LOG_LEVEL: 'silent',
  });
  const deps = {
    db: scratch.database.db,
    clock: systemClock,
    appSecret: APP_SECRET,
    appUrl: server.url,
    google: googleSettings(config),
  };
  for (let round = 0; ; round++) {
    const { sent, later } = (
      await sql(
        `select count(*) filter (where state = 'sent')::int as sent,
           count(*) filter (where state = 'scheduled' and scheduled_for > now() + interval '1 day')::int as later
         from email_sends where sequence_id = $1`,
        [sequenceId],
      )
    ).rows[0];
    if (sent === REPLIES && later === REPLIES) return;
    if (round >= 20) throw new Error(`${sent} of ${REPLIES} emails sent, ${later} follow-ups scheduled`);
    await sql(
      `update email_sends set scheduled_for = now()
       where sequence_id = $1 and state = 'scheduled' and scheduled_for < now() + interval '1 day'`,
      [sequenceId],
    );
    await runEngineRound(deps);
  }
}

/** Whether the enrolment of a sent message is stopped: status replied and no send of it still scheduled. */
async function stopped(sql, sequenceId, gmailMessageId) {
  const { rows } = await sql(
    `select sc.status, count(f.id) filter (where f.state = 'scheduled')::int as scheduled
     from email_sends s join sequence_contacts sc on sc.id = s.sequence_contact_id
     left join email_sends f on f.sequence_contact_id = sc.id
     where s.sequence_id = $1 and s.gmail_message_id = $2 group by sc.status`,
    [sequenceId, gmailMessageId],
  );
  return rows[0]?.status === 'replied' && rows[0].scheduled === 0;
}

/** One poll interval: REPLIES replies at random moments over two intervals, each timed to its stop. */
async function measure(pollSeconds) {
  const scratch = await scratchPostgres({ poolSize: 4 });
  const sql = (text, values) => scratch.database.executeSql(text, values);
  let server;
  try {
    server = await startServer({
      root,
      args: ['--import', 'tsx', 'apps/server/src/main.ts'],
      env: {
        DATABASE_URL: scratch.url,
        APP_SECRET,
        REPLY_POLL_SECONDS: String(pollSeconds),
        LOG_LEVEL: 'warn',
      },
    });
    const { browser, sequenceId } = await launchSequence(server, sql);
    await sendAndSchedule(server, scratch, sql, sequenceId);
    const inbox = (await browser.get('/api/sandbox/messages')).json().messages;
    if (inbox.length !== REPLIES) throw new Error(`${inbox.length} messages in the sandbox inbox`);

    const spreadMs = 2 * pollSeconds * 1000;
    const latencies = await Promise.all(
      inbox.map(async (message) => {
        await sleep(Math.random() * spreadMs);
        const reply = await browser.post(`/api/sandbox/messages/${message.id}/reply`, {
          text: 'Sounds good.',
        });
        if (reply.status !== 200) throw new Error(`reply: ${reply.status} ${reply.text}`);
        const { id } = reply.json().message;
        const { rows } = await sql('select internal_date from sandbox_google_messages where id = $1', [id]);
        const arrivedAt = new Date(rows[0].internal_date).getTime();
        for (;;) {
          if (await stopped(sql, sequenceId, message.id)) return Date.now() - arrivedAt;
          if (Date.now() - arrivedAt > GIVE_UP_MS) throw new Error(`reply to ${message.id} never stopped`);
          await sleep(50);
        }
      }),
    );
    const outcome = (
      await sql(
        `select count(*) filter (where status = 'replied')::int as replied,
           (select count(*)::int from email_sends where sequence_id = $1 and state = 'cancelled') as cancelled
         from sequence_contacts where sequence_id = $1`,
        [sequenceId],
      )
    ).rows[0];
    const sorted = latencies.sort((a, b) => a - b);
    return {
      replyPollSeconds: pollSeconds,
      replies: sorted.length,
      enrolmentsReplied: outcome.replied,
      followUpsCancelled: outcome.cancelled,
      medianSeconds: seconds(percentile(sorted, 0.5)),
      p95Seconds: seconds(percentile(sorted, 0.95)),
      maxSeconds: seconds(sorted.at(-1)),
      withinGoal: sorted.at(-1) <= GOAL_SECONDS * 1000,
    };
  } finally {
    await server?.stop();
    await scratch.drop();
  }
}

const results = [];
for (const pollSeconds of POLL_SECONDS) results.push(await measure(pollSeconds));
console.log(JSON.stringify({ goalSeconds: GOAL_SECONDS, results }, null, 2));
process.exit(results.every((result) => result.withinGoal) ? 0 : 1);
