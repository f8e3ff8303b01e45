// `npm run bench:webhooks`: webhook deliveries per second from one worker to a local receiver, and what
// writing an event to the outbox adds to a send, on PostgreSQL, printed as one JSON object.
//
// Throughput: BENCH_EVENTS (default 5,000) email events are written to the outbox for an endpoint on
// loopback, then delivery rounds (claim, sign, POST, record) run until none is left; the receiver counts
// every request and every distinct webhook-id. Added cost on a send: an engine send is marked sent in one
// statement (markSent), which also writes the `email.sent` event when an endpoint listens; the figure is the
// median time of that statement with a listening endpoint minus with none, BENCH_SENDS (default 300) sends
// per block, blocks alternated four times.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { markSent, runWebhookRound } from '@prospector/core';
import { percentiles } from './lib/scratch-postgres.mjs';
import { startReceiver, startWebhookBench } from './lib/webhook-bench.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000);
const SENDS = Number(process.env.BENCH_SENDS ?? 300);

const receiver = await startReceiver();
const bench = await startWebhookBench(receiver.url);
try {
  await bench.fillOutbox(EVENTS);
  const deps = bench.deps();
  const started = performance.now();
  let rounds = 0;
  while ((await runWebhookRound(deps)).claimed > 0) rounds += 1;
  const seconds = (performance.now() - started) / 1000;

  // A send to mark: contact, sequence, enrolment and send rows of the bench user.
  const sql = (text, values) => bench.database.executeSql(text, values);
  const contactId = randomUUID();
  const sequenceId = randomUUID();
  const enrolmentId = randomUUID();
  await sql(`insert into contacts (id, workspace_id, email) values ($1, $2, 'lead@example.com')`, [
    contactId,
    bench.workspaceId,
  ]);
  await sql(`insert into sequences (id, workspace_id, name) values ($1, $2, 'Bench')`, [
    sequenceId,
    bench.workspaceId,
  ]);
  await sql(
    `insert into sequence_contacts (id, workspace_id, sequence_id, contact_id) values ($1, $2, $3, $4)`,
    [enrolmentId, bench.workspaceId, sequenceId, contactId],
  );
  /** One engine send marked sent by the engine's own statement (which writes `email.sent` when listened to). */
  const markOnce = async () => {
    const id = randomUUID();
    await sql(
      `insert into email_sends (id, workspace_id, sequence_id, sequence_contact_id, contact_id, tracking_token,
        unsubscribe_token, state, scheduled_for) values ($1, $2, $3, $4, $5, $6, $7, 'sending', now())`,
      [id, bench.workspaceId, sequenceId, enrolmentId, contactId, `t-${id}`, `u-${id}`],
    );
    const send = {
      id,
      sequenceContactId: enrolmentId,
      stepId: null,
      subject: 'Hello',
      messageId: `<${id}@bench>`,
      reactionWindowHours: 48,
      reactionWindowMinutes: 0,
      workspaceId: bench.workspaceId,
      senderAccountId: null,
      logId: null,
    };
    const t0 = performance.now();
    await markSent({ ...deps, appUrl: 'http://localhost' }, send, {
      gmailMessageId: id,
      threadId: id,
      sentAt: new Date(),
    });
    return performance.now() - t0;
  };
  const measure = async () => {
    const samples = [];
    for (let i = 0; i < SENDS; i++) samples.push(await markOnce());
    return percentiles(samples);
  };
  const setListening = (on) =>
    sql(`update webhook_endpoints set enabled = $2 where id = $1`, [bench.endpointId, on]);
  await setListening(true);
  // Both settings alternate in blocks, so the shared machine's noise falls on both alike.
  const listened = [];
  const quiet = [];
  await sql(`update webhook_endpoints set event_types = $2 where id = $1`, [
    bench.endpointId,
    ['email.sent'],
  ]);
  await measure(); // warm-up
  for (let block = 0; block < 4; block++) {
    await setListening(true);
    listened.push((await measure()).p50);
    await setListening(false);
    quiet.push((await measure()).p50);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const events = await bench.database.executeSql(
    `select count(*)::int as n from webhook_events where type = 'email.sent'`,
  );

  console.log(
    JSON.stringify(
      {
        database: 'postgres',
        events: EVENTS,
        rounds,
        seconds: Number(seconds.toFixed(2)),
        deliveriesPerSecond: Math.round(receiver.unique / seconds),
        receiverRequests: receiver.total,
        distinctWebhookIds: receiver.unique,
        markSentP50Ms: { endpointListening: median(listened), noEndpointListening: median(quiet) },
        emailSentEventsWritten: events.rows[0].n,
        addedCostOnSendMs: Number((median(listened) - median(quiet)).toFixed(3)),
      },
      null,
      2,
    ),
  );
} finally {
  await receiver.close();
  await bench.drop();
}
