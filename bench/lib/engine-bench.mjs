// Shared set-up of the engine benchmarks: a scratch PostgreSQL database, bench/engine-server.mjs (the real
// app with its sandbox Google, no worker) in a child process playing Google, a user with `mailboxes`
// sandbox mailboxes connected through the OAuth consent flow and their limits lifted (gap 0 and 0, daily
// limit `sends`), and a launched one-step sequence over `sends` contacts whose emails are all due now.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { systemClock, tickEnrolments } from '@prospector/core';
import { loadConfig } from '../../apps/server/src/config.ts';
import { googleSettings } from '../../apps/server/src/routes/mailboxes/google-settings.ts';
import { connectMailbox, createBrowser } from '../../apps/server/src/testing/gmail-test-kit.ts';
import { scratchPostgres } from './scratch-postgres.mjs';

export const APP_SECRET = 'engine-bench-secret-engine-bench-secret';

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startEngineBench({ sends, mailboxes }) {
  const scratch = await scratchPostgres({ poolSize: 24 });
  const sql = (text, values) => scratch.database.executeSql(text, values);
  const one = async (text, values) => (await sql(text, values)).rows[0];
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATABASE_URL: scratch.url, PORT: String(port), APP_URL: appUrl, APP_SECRET };
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/engine-server.mjs'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await scratch.drop();
  };
  try {
    await new Promise((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      server.stdout.on('data', (chunk) => /listening/.test(String(chunk)) && resolve());
    });
    const browser = createBrowser(appUrl);
    const user = await browser.signUp();
    const mailboxEmails = Array.from({ length: mailboxes }, (_, i) => `box${i}@engine-bench.example`);
    for (const email of mailboxEmails) await connectMailbox(browser, email);
    const boxes = (
      await sql(
        `update gmail_accounts set min_gap_seconds = 0, max_gap_seconds = 0, daily_limit = $2 where workspace_id = $1 returning id`,
        [user.id, sends],
      )
    ).rows.map((row) => row.id);
    const template = await one(
      `insert into templates (workspace_id, name, subject, html_body) values ($1, 'T', 'Hello {{first_name|there}}',
         '<p>Hi {{name}}, a short note. <a href="{{unsubscribe_url}}">Unsubscribe</a></p>') returning id`,
      [user.id],
    );
    const list = await one(
      `insert into personas (workspace_id, name, industry, job_title, location) values ($1, 'Bench', 'Software', 'CTO', 'Berlin') returning id`,
      [user.id],
    );
    await sql(
      `with c as (insert into contacts (workspace_id, email, first_name)
         select $1, 'lead' || g || '@example.com', 'Lead' || g from generate_series(1, $2::int) g returning id)
       insert into persona_contacts (persona_id, contact_id, workspace_id) select $3, id, $1 from c`,
      [user.id, sends, list.id],
    );
    const sequence = await one(
      `insert into sequences (workspace_id, name, sender_account_ids, sender_account_id) values ($1, 'Bench', $2::uuid[], $3) returning id`,
      [user.id, boxes, boxes[0]],
    );
    await sql(
      `insert into sequence_steps (workspace_id, sequence_id, name, step_order, template_id, delay_days, send_hour)
       values ($1, $2, 'Email', 1, $3, 0, 0)`,
      [user.id, sequence.id, template.id],
    );
    await sql(`insert into sequence_personas (sequence_id, persona_id, workspace_id) values ($1, $2, $3)`, [
      sequence.id,
      list.id,
      user.id,
    ]);
    await sql('analyze');

    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    const deps = {
      db: scratch.database.db,
      clock: systemClock,
      appSecret: APP_SECRET,
      appUrl,
      google: googleSettings(config),
    };
    const launchStarted = performance.now();
    const launch = await browser.post(`/api/sequences/${sequence.id}/launch`);
    if (launch.status !== 200) throw new Error(`launch: ${launch.status} ${launch.text}`);
    // The launch request enters the first enrolments itself; a worker's tick enters the rest.
    while ((await tickEnrolments(deps)) > 0);
    const launchMs = performance.now() - launchStarted;
    await sql(`update email_sends set scheduled_for = now() where sequence_id = $1`, [sequence.id]);
    return {
      scratch,
      sql,
      one,
      env,
      deps,
      sequenceId: sequence.id,
      // The sandbox keeps each mailbox under its owner and address (sandboxMailboxKey).
      sandboxMailboxes: mailboxEmails.map((email) => `${user.id}:${email}`),
      launchMs,
      serverPid: server.pid,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Sends and sandbox messages, to check exactly-once: counts and distinct Message-IDs on both sides. */
export async function deliveryCheck(bench) {
  const sends = await bench.one(
    `select count(*) filter (where state = 'sent')::int as sent, count(*)::int as total,
       count(distinct message_id) filter (where state = 'sent')::int as ids,
       count(*) filter (where state not in ('sent'))::int as unsent
     from email_sends where sequence_id = $1`,
    [bench.sequenceId],
  );
  const sandbox = await bench.one(
    `select count(*)::int as messages, count(distinct rfc_message_id)::int as ids from sandbox_google_messages
     where mailbox = any($1::text[]) and 'SENT' = any(label_ids)`,
    [bench.sandboxMailboxes],
  );
  return { sends, sandbox };
}
