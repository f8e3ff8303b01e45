import { createInboxWatchers, type InboxWatchState, MAILBOX_POLL_JOB, pollMailbox } from '@prospector/core';
import { gmailAccounts, type PgBoss } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startInboxWatch } from '../../inbox-watch-worker';
import { startQueue } from '../../jobs';
import type { Log } from '../../log';
import { type EngineUser, engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import {
  dovecotAvailable,
  type MailServer,
  type MailUser,
  startMailServer,
} from '../../testing/mail-server-kit';
import {
  enrolmentOf,
  replyTo,
  roundAt,
  sendsOf,
  smtpConnector,
  threeStepSequence,
} from '../../testing/provider-engine-kit';

const quiet: Log = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * IMAP IDLE for SMTP mailboxes against a real Dovecot: the worker's watcher keeps a connection per mailbox
 * whose server offers IDLE and asks for a poll of it when mail arrives; the manual clock never reaches a
 * scheduled poll, so a reply recorded here was read because IDLE woke the poll.
 */
describe.skipIf(!dovecotAvailable())('replies read through IMAP IDLE', () => {
  let server: MailServer;
  /** A server that does not advertise IDLE after login. */
  let plainServer: MailServer;
  let env: MailboxApp;
  let boss: PgBoss;
  let inbox: Awaited<ReturnType<typeof startInboxWatch>>;
  const users = new Map<string, MailUser>();

  beforeAll(async () => {
    server = await startMailServer();
    plainServer = await startMailServer({ idle: false });
    env = await startMailboxApp({ mailServerCa: server.ca + plainServer.ca });
    boss = await startQueue(env.database, quiet, { maintenance: false });
    inbox = await startInboxWatch(boss, { ...env.core, appUrl: env.appUrl, queue: boss }, quiet);
  }, 240_000);
  afterAll(async () => {
    await inbox?.stop();
    await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
    await env?.close();
    await server?.stop();
    await plainServer?.stop();
  });
  beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

  /** Waits (real time, bounded) for a condition the worker brings about in the background. */
  async function eventually(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const stateOf = (u: EngineUser): InboxWatchState => inbox.watchers.stateOf(u.account.id);

  async function pollJobs(accountId: string) {
    const { rows } = await env.database.executeSql(
      'SELECT state FROM pgboss.job WHERE name = $1 AND singleton_key = $2',
      [MAILBOX_POLL_JOB, accountId],
    );
    return rows.map((row) => String(row.state));
  }

  /** An SMTP mailbox with a sequence whose first email went out at 10:00; its cursor taken before. */
  async function mailboxWithSentEmail(mailServer: MailServer) {
    const u = await engineUser(env, { connect: smtpConnector(mailServer, users) });
    const { leads } = await threeStepSequence(u);
    const lead = leads[0]!;
    expect(await pollMailbox(u.deps, u.account.id)).toMatchObject({ mode: 'start' });
    await roundAt(env, u, '2025-05-01T10:00:00Z');
    await roundAt(env, u, '2025-05-01T11:00:00Z');
    const [first] = await sendsOf(env, lead.id);
    expect(first?.state).toBe('sent');
    return { u, lead, first: first! };
  }

  it('a reply is recorded as soon as it arrives: IDLE wakes a poll of that mailbox', async () => {
    const { u, lead, first } = await mailboxWithSentEmail(server);
    await inbox.watchers.refresh();
    expect(stateOf(u)).toBe('watching');
    expect(server.imapConnections(u.account.email)).toBe(1);

    await server.deliver(u.account.email, replyTo(lead.email, u.account.email, first.messageId!));
    await eventually('the reply to stop the enrolment', async () => {
      return (await enrolmentOf(env, lead.id)).status === 'replied';
    });
    expect(env.clock.now()).toEqual(new Date('2025-05-01T11:00:00Z'));
    expect((await sendsOf(env, lead.id)).map((s) => s.state)).toEqual(['sent', 'cancelled']);
    await eventually('the poll job to complete', async () =>
      (await pollJobs(u.account.id)).includes('completed'),
    );
    // The poll moved the mailbox's one cursor: the scheduled read that follows finds nothing new.
    expect(await pollMailbox(u.deps, u.account.id)).toMatchObject({ mode: 'incremental', recorded: [] });
  });

  it('a server without IDLE is not watched; its replies are read on the schedule', async () => {
    const { u, lead, first } = await mailboxWithSentEmail(plainServer);
    await inbox.watchers.refresh();
    expect(stateOf(u)).toBe('no-idle');
    expect(plainServer.imapConnections(u.account.email)).toBe(0);

    await plainServer.deliver(u.account.email, replyTo(lead.email, u.account.email, first.messageId!));
    expect(await pollJobs(u.account.id)).toEqual([]);
    expect((await enrolmentOf(env, lead.id)).status).toBe('active');
    // The scheduled poll (one mailbox of the round here) reads it.
    env.clock.set(new Date('2025-05-01T11:00:30Z'));
    const read = await pollMailbox(u.deps, u.account.id);
    expect(read?.recorded).toEqual([{ type: 'reply', emailSendId: first.id }]);
    expect((await enrolmentOf(env, lead.id)).status).toBe('replied');
  });

  it('disconnecting or removing a mailbox closes its connection', async () => {
    const one = await engineUser(env, { connect: smtpConnector(server, users) });
    const two = await engineUser(env, { connect: smtpConnector(server, users) });
    await inbox.watchers.refresh();
    expect([stateOf(one), stateOf(two)]).toEqual(['watching', 'watching']);

    const disconnected = await one.browser.delete(`/api/mailboxes/${one.account.id}`);
    expect(disconnected.status, disconnected.text).toBe(200);
    const removed = await two.browser.delete(`/api/mailboxes/${two.account.id}?permanently=true`);
    expect(removed.status, removed.text).toBe(200);
    await inbox.watchers.refresh();
    expect([stateOf(one), stateOf(two)]).toEqual(['unwatched', 'unwatched']);
    await eventually('Dovecot to close both connections', () => {
      return server.imapConnections(one.account.email) + server.imapConnections(two.account.email) === 0;
    });
  });

  it('a dropped connection opens again after a back-off and asks for a poll', async () => {
    const u = await engineUser(env, { connect: smtpConnector(server, users) });
    await inbox.watchers.refresh();
    expect(stateOf(u)).toBe('watching');

    server.kick(u.account.email);
    await eventually('the watcher to see the drop', () => stateOf(u) === 'waiting');
    await inbox.watchers.refresh();
    expect(stateOf(u)).toBe('waiting');
    expect(server.imapConnections(u.account.email)).toBe(0);

    env.clock.advance(15_000);
    await inbox.watchers.refresh();
    expect(stateOf(u)).toBe('watching');
    expect(server.imapConnections(u.account.email)).toBe(1);
    // What arrived while it was down is read at once.
    await eventually('the catch-up poll', async () => (await pollJobs(u.account.id)).length > 0);
  });

  it('a password changed on the server stops the watcher until the mailbox gets the new one', async () => {
    const u = await engineUser(env, { connect: smtpConnector(server, users) });
    await inbox.watchers.refresh();
    expect(stateOf(u)).toBe('watching');
    const mailUser = users.get(u.account.email)!;
    await server.changePassword(mailUser.email, 'changed-password-2');
    server.kick(u.account.email);
    await eventually('the watcher to see the drop', () => stateOf(u) === 'waiting');

    env.clock.advance(15_000);
    await inbox.watchers.refresh();
    expect(stateOf(u)).toBe('refused');
    env.clock.advance(3600_000);
    await inbox.watchers.refresh();
    expect(stateOf(u)).toBe('refused');
    expect(server.imapConnections(u.account.email)).toBe(0);

    const { email: _email, ...update } = server.settingsFor({ ...mailUser, password: 'changed-password-2' });
    const updated = await u.browser.put(`/api/mailboxes/${u.account.id}/smtp`, update);
    expect(updated.status, updated.text).toBe(200);
    await inbox.watchers.refresh();
    expect(stateOf(u)).toBe('watching');
    expect(server.imapConnections(u.account.email)).toBe(1);
  });

  it('past the cap, mailboxes are left to the schedule; a server without IDLE takes no place', async () => {
    // Connected first: a mailbox without IDLE, then one with it; a newer one past the cap of one.
    env.clock.set(new Date('2024-01-01T09:00:00Z'));
    const plain = await engineUser(env, { connect: smtpConnector(plainServer, users) });
    env.clock.set(new Date('2024-01-01T09:01:00Z'));
    const older = await engineUser(env, { connect: smtpConnector(server, users) });
    env.clock.set(new Date('2025-06-01T09:00:00Z'));
    const newer = await engineUser(env, { connect: smtpConnector(server, users) });
    const connected = await env.database.db
      .select({ id: gmailAccounts.id })
      .from(gmailAccounts)
      .where(and(eq(gmailAccounts.provider, 'smtp'), eq(gmailAccounts.status, 'connected')));
    const capped = createInboxWatchers(env.core, { wake: () => {}, maxConnections: 1 });
    try {
      await capped.refresh();
      expect(capped.stateOf(plain.account.id)).toBe('no-idle');
      expect(capped.stateOf(older.account.id)).toBe('watching');
      expect(capped.stateOf(newer.account.id)).toBe('unwatched');
      const states = connected.map((m) => capped.stateOf(m.id));
      expect(states.filter((s) => s === 'watching')).toHaveLength(1);
    } finally {
      await capped.stop();
    }
    expect(connected.map((m) => capped.stateOf(m.id)).every((s) => s === 'unwatched')).toBe(true);
  });

  it('shares the cap between users: a newcomer takes a place from the user with the most, and gets it back', async () => {
    // Only this test's mailboxes compete for the places.
    await env.database.db
      .update(gmailAccounts)
      .set({ status: 'token_expired' })
      .where(eq(gmailAccounts.provider, 'smtp'));
    env.clock.set(new Date('2023-01-01T09:00:00Z'));
    const heavy = await engineUser(env, { connect: smtpConnector(server, users) });
    const connectAnother = smtpConnector(server, users);
    for (let i = 1; i <= 3; i++) {
      env.clock.set(new Date(`2023-01-01T09:0${i}:00Z`));
      await connectAnother(heavy.browser);
    }
    const heavyIds = (
      await env.database.db
        .select({ id: gmailAccounts.id })
        .from(gmailAccounts)
        .where(eq(gmailAccounts.workspaceId, heavy.workspaceId))
        .orderBy(asc(gmailAccounts.createdAt))
    ).map((row) => row.id);
    expect(heavyIds).toHaveLength(4);
    const watchers = createInboxWatchers(env.core, { wake: () => {}, maxConnections: 3 });
    const watching = (ids: string[]) => ids.filter((id) => watchers.stateOf(id) === 'watching').length;
    try {
      await watchers.refresh();
      expect(watching(heavyIds)).toBe(3);

      env.clock.set(new Date('2023-02-01T09:00:00Z'));
      const newcomer = await engineUser(env, { connect: smtpConnector(server, users) });
      env.clock.set(new Date('2023-02-01T09:01:00Z'));
      const third = await engineUser(env, { connect: smtpConnector(server, users) });
      await watchers.refresh();
      expect(watchers.stateOf(newcomer.account.id)).toBe('watching');
      expect(watchers.stateOf(third.account.id)).toBe('watching');
      expect(watching(heavyIds)).toBe(1);
      // The user with the most keeps their first mailbox.
      expect(watchers.stateOf(heavyIds[0]!)).toBe('watching');

      await env.database.db
        .update(gmailAccounts)
        .set({ status: 'token_expired' })
        .where(eq(gmailAccounts.id, newcomer.account.id));
      await watchers.refresh();
      expect(watchers.stateOf(newcomer.account.id)).toBe('unwatched');
      expect(watching(heavyIds)).toBe(2);
    } finally {
      await watchers.stop();
    }
  });
});
