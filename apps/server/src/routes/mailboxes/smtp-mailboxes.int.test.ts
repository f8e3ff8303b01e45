import { randomUUID } from 'node:crypto';
import type { GmailAccount, Mailbox } from '@prospector/contracts';
import {
  type ArrivedMessage,
  buildMessage,
  type CoreDeps,
  INBOX_MESSAGE_MAX_BYTES,
  INBOX_MESSAGE_START_BYTES,
  type MailboxRow,
  MailProviderError,
  markedTooLarge,
  newMessageId,
  parseInbound,
  smtpProvider,
} from '@prospector/core';
import { gmailAccounts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dovecotAvailable,
  type MailServer,
  type MailUser,
  startMailServer,
} from '../../testing/mail-server-kit';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { createClient, signUp, type TestClient } from '../../testing/test-client';

describe.skipIf(!dovecotAvailable())('SMTP/IMAP mailboxes against Dovecot', () => {
  let server: MailServer;
  let filingServer: MailServer;
  let env: TestApp;
  let owner: TestClient;
  let stranger: TestClient;
  let deps: CoreDeps;

  beforeAll(async () => {
    server = await startMailServer();
    filingServer = await startMailServer({ savesSent: true });
    // One test CA is trusted: both servers' certificates are checked like any other.
    env = await createTestApp({ mailServerCa: `${server.ca}\n${filingServer.ca}` });
    deps = {
      db: env.database.db,
      clock: env.clock,
      appSecret: testConfig().appSecret,
      mailServers: { allowPrivateHosts: true, ca: `${server.ca}\n${filingServer.ca}` },
    };
    owner = createClient(env.app);
    await signUp(owner);
    stranger = createClient(env.app);
    await signUp(stranger);
  }, 240_000);
  afterAll(async () => {
    await env?.close();
    await server?.stop();
    await filingServer?.stop();
  });

  const newUser = (on: MailServer = server): MailUser =>
    on.addUser(`me-${randomUUID().slice(0, 8)}@mail.test`, `pw-${randomUUID()}`);
  const put = (client: TestClient, url: string, payload: object) =>
    client.request({ method: 'PUT', url, payload });
  /** A read with its messages taken one by one, as the mailbox sync takes them. */
  async function readAll(mailbox: MailboxRow, cursor: string | null, since: Date | null) {
    return smtpProvider.withSession(deps, mailbox, async (session) => {
      const read = await session.readSince(cursor, since);
      const messages: ArrivedMessage[] = [];
      for await (const message of read.messages) messages.push(message);
      return { ...read, messages };
    });
  }
  const rowOf = async (id: string) =>
    (await env.database.db.select().from(gmailAccounts).where(eq(gmailAccounts.id, id)))[0]!;

  async function connect(user: MailUser, on: MailServer = server) {
    const response = await owner.post('/api/mailboxes/smtp', { ...on.settingsFor(user), displayName: 'Me' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<GmailAccount>();
  }

  async function outgoing(from: string, to: string, chain: string[] = []) {
    const messageId = newMessageId(from, env.clock.now());
    const raw = await buildMessage({
      from: { name: 'Me', address: from },
      to: { address: to },
      subject: 'Hello',
      text: 'Hi there',
      html: '<p>Hi there</p>',
      date: env.clock.now(),
      messageId,
      inReplyTo: chain.at(-1) ?? null,
      references: chain,
    });
    return { raw, messageId, from, to, threadId: chain[0] ?? null };
  }

  describe('POST /api/mailboxes/smtp', () => {
    it('logs in to both servers, saves the mailbox with its passwords encrypted, and never returns them', async () => {
      const user = newUser();
      const mailbox = await connect(user);
      expect(mailbox).toMatchObject({
        email: user.email,
        provider: 'smtp',
        status: 'connected',
        displayName: 'Me',
      });
      expect(JSON.stringify(mailbox)).not.toContain(user.password);
      const row = await rowOf(mailbox.id);
      expect(row.googleUserId).toBe(`smtp:${user.email}`);
      expect(row.connectionSecret).toMatch(/^v1\./);
      expect(row.connectionSecret).not.toContain(user.password);
      const listed = (await owner.get('/api/gmail/accounts')).json<GmailAccount[]>();
      expect(listed.find((m) => m.id === mailbox.id)?.provider).toBe('smtp');
      const mailboxes = (await owner.get('/api/mailboxes')).json<Mailbox[]>();
      expect(mailboxes.find((m) => m.id === mailbox.id)).toMatchObject({
        email: user.email,
        provider: 'smtp',
        status: 'connected',
        health: { level: 'ok' },
      });
    });

    it("a wrong SMTP password is a 422 naming SMTP with the server's 535, and nothing is saved", async () => {
      const user = newUser();
      const settings = server.settingsFor(user);
      const response = await owner.post('/api/mailboxes/smtp', {
        ...settings,
        smtp: { ...settings.smtp, password: 'wrong-password' },
      });
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body).toMatchObject({ code: 'MAILBOX_CONNECTION_FAILED', connection: 'smtp' });
      expect(body.answer).toContain('535');
      expect(body.message).toMatch(/^SMTP connection failed: .*535/);
      const rows = await env.database.db
        .select()
        .from(gmailAccounts)
        .where(eq(gmailAccounts.email, user.email));
      expect(rows).toEqual([]);
    });

    it("a wrong IMAP password is a 422 naming IMAP with Dovecot's answer", async () => {
      const user = newUser();
      const settings = server.settingsFor(user);
      const response = await owner.post('/api/mailboxes/smtp', {
        ...settings,
        imap: { ...settings.imap, password: 'wrong-password' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'MAILBOX_CONNECTION_FAILED',
        connection: 'imap',
        failures: [{ connection: 'imap' }],
      });
      expect(response.json().answer).toMatch(/authentication failed/i);
      expect(response.json().message).toMatch(/^IMAP connection failed: .*authentication failed/i);
      const rows = await env.database.db
        .select()
        .from(gmailAccounts)
        .where(eq(gmailAccounts.email, user.email));
      expect(rows).toEqual([]);
    });

    it('a certificate the app does not trust is a 422 naming the certificate error', async () => {
      const strict = await createTestApp();
      try {
        const client = createClient(strict.app);
        await signUp(client);
        const response = await client.post('/api/mailboxes/smtp', server.settingsFor(newUser()));
        expect(response.statusCode).toBe(422);
        expect(response.json().message).toMatch(/certificate/i);
      } finally {
        await strict.close();
      }
    });

    it('a wrong port is a 422 with the connection error, and a private host is refused unless allowed', async () => {
      const settings = server.settingsFor(newUser());
      const closed = await owner.post('/api/mailboxes/smtp', {
        ...settings,
        imap: { ...settings.imap, port: 1 },
      });
      expect(closed.statusCode).toBe(422);
      expect(closed.json()).toMatchObject({ connection: 'imap' });
      expect(closed.json().answer).toMatch(/ECONNREFUSED|connect/i);

      const strict = await createTestApp({ config: testConfig({ mailAllowPrivateHosts: false }) });
      try {
        const client = createClient(strict.app);
        await signUp(client);
        const response = await client.post('/api/mailboxes/smtp', settings);
        expect(response.statusCode).toBe(422);
        expect(response.json().answer).toBe(
          'localhost points at a private, loopback, link-local or metadata address',
        );
        for (const host of ['[::127.0.0.1]', '0:0:0:0:0:0:127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::']) {
          const spelled = await client.post('/api/mailboxes/smtp', {
            ...settings,
            smtp: { ...settings.smtp, host },
            imap: { ...settings.imap, host },
          });
          expect(spelled.statusCode, host).toBe(422);
          expect(spelled.json().answer, host).toMatch(
            /points at a private, loopback, link-local or metadata address$/,
          );
        }
      } finally {
        await strict.close();
      }
    });

    it('bad input is a 400 with a readable message', async () => {
      const settings = server.settingsFor(newUser());
      const response = await owner.post('/api/mailboxes/smtp', {
        ...settings,
        smtp: { ...settings.smtp, port: 70000 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('Port must be 1 to 65535');
    });

    it('DELETE /api/mailboxes/{id} forgets the passwords; connecting the address again brings back the same mailbox', async () => {
      const user = newUser();
      const mailbox = await connect(user);
      const disconnected = await owner.request({
        method: 'DELETE',
        url: `/api/mailboxes/${mailbox.id}`,
        headers: { origin: 'http://localhost:3000' },
      });
      expect(disconnected.statusCode, disconnected.body).toBe(200);
      expect(await rowOf(mailbox.id)).toMatchObject({ status: 'disconnected', connectionSecret: null });
      const again = await connect(user);
      expect(again).toMatchObject({ id: mailbox.id, status: 'connected' });
      expect((await rowOf(mailbox.id)).connectionSecret).toMatch(/^v1\./);
    });
  });

  describe('the SMTP provider', () => {
    it('sends over SMTP with the envelope, files the message in Sent once, and finds it there by Message-ID', async () => {
      const user = newUser();
      const mailbox = await rowOf((await connect(user)).id);
      const message = await outgoing(user.email, 'alice@example.com');
      const sent = await smtpProvider.withSession(deps, mailbox, (session) => session.send(message));
      expect(sent).toMatchObject({ providerMessageId: message.messageId, threadId: message.messageId });
      const taken = server.taken.find((t) => t.raw.toString().includes(message.messageId))!;
      expect(taken).toMatchObject({ from: user.email, to: ['alice@example.com'] });

      const sentFolder = await server.folder(user.email, 'Sent');
      expect(sentFolder.filter((raw) => raw.toString().includes(message.messageId))).toHaveLength(1);
      const row = await rowOf(mailbox.id);
      const found = await smtpProvider.withSession(deps, row, (session) =>
        session.findSent(message.messageId),
      );
      expect(found).toEqual({ providerMessageId: message.messageId, threadId: message.messageId });
      const missing = await smtpProvider.withSession(deps, row, (session) =>
        session.findSent('<nothing@mail.test>'),
      );
      expect(missing).toBeNull();
    });

    it('a follow-up keeps the first Message-ID of the chain as its thread', async () => {
      const user = newUser();
      const mailbox = await rowOf((await connect(user)).id);
      const first = await outgoing(user.email, 'bob@example.com');
      const second = await outgoing(user.email, 'bob@example.com', [first.messageId]);
      const third = await outgoing(user.email, 'bob@example.com', [first.messageId, second.messageId]);
      const threads = await smtpProvider.withSession(deps, mailbox, async (session) => [
        (await session.send(first)).threadId,
        (await session.send({ ...second, threadId: null })).threadId,
        (await session.send({ ...third, threadId: null })).threadId,
      ]);
      expect(threads).toEqual([first.messageId, first.messageId, first.messageId]);
      expect(await server.folder(user.email, 'Sent')).toHaveLength(3);
    });

    it('a server that files sent mail itself gets no second copy, and that is remembered', async () => {
      const user = newUser(filingServer);
      const mailbox = await rowOf((await connect(user, filingServer)).id);
      for (const to of ['a@example.com', 'b@example.com']) {
        const message = await outgoing(user.email, to);
        const row = await rowOf(mailbox.id);
        await smtpProvider.withSession(deps, row, (session) => session.send(message));
      }
      expect(await filingServer.folder(user.email, 'Sent')).toHaveLength(2);
    });

    it('reads new INBOX messages since its cursor, with the thread of the message they answer', async () => {
      const user = newUser();
      const mailbox = await rowOf((await connect(user)).id);
      await server.deliver(
        user.email,
        'From: old@example.com\r\nMessage-ID: <old@example.com>\r\n\r\nold\r\n',
      );
      const start = await smtpProvider.withSession(deps, mailbox, (s) => s.readSince(null, null));
      expect(start).toMatchObject({ mode: 'start', messages: [] });
      expect(start.cursor).toMatch(/^\d+:1$/);

      const reply = [
        'From: Alice <alice@example.com>',
        `To: ${user.email}`,
        'Subject: Re: Hello',
        'Message-ID: <reply-1@example.com>',
        'In-Reply-To: <second@mail.test>',
        'References: <first@mail.test> <second@mail.test>',
        '',
        'Thanks!',
        '',
      ].join('\r\n');
      await server.deliver(user.email, reply);
      const next = await readAll(mailbox, start.cursor, null);
      expect(next.mode).toBe('incremental');
      expect(next.messages.map((m) => [m.providerMessageId, m.threadId, m.sentByMailbox])).toEqual([
        ['<reply-1@example.com>', '<first@mail.test>', false],
      ]);
      expect(next.messages[0]!.raw.toString()).toContain('Thanks!');
      expect(next.cursor).toMatch(/^\d+:2$/);

      const again = await smtpProvider.withSession(deps, mailbox, (s) => s.readSince(next.cursor, null));
      expect(again).toMatchObject({ mode: 'incremental', messages: [], cursor: next.cursor });

      // Another UIDVALIDITY (the folder was rebuilt): read back, with the same ids as before.
      const resync = await readAll(mailbox, '1:99', new Date(0));
      expect(resync.mode).toBe('resync');
      expect(resync.messages.map((m) => m.providerMessageId)).toEqual([
        '<old@example.com>',
        '<reply-1@example.com>',
      ]);
      expect(resync.cursor).toBe(next.cursor);

      const raw = await smtpProvider.withSession(deps, mailbox, (s) => s.fetchRaw('<reply-1@example.com>'));
      expect(raw?.toString()).toContain('Thanks!');
    });

    it('reads a message too large only up to its start, one message at a time, and still threads it', async () => {
      const user = newUser();
      const mailbox = await rowOf((await connect(user)).id);
      const start = await smtpProvider.withSession(deps, mailbox, (s) => s.readSince(null, null));
      const huge = [
        'From: Alice <alice@example.com>',
        `To: ${user.email}`,
        'Subject: Re: Hello',
        'Message-ID: <huge-1@example.com>',
        'In-Reply-To: <first@mail.test>',
        '',
        'Here is the file.',
        'x'.repeat(INBOX_MESSAGE_MAX_BYTES + 1024 * 1024),
        '',
      ].join('\r\n');
      await server.deliver(user.email, huge);
      await server.deliver(
        user.email,
        'From: bob@example.com\r\nMessage-ID: <small@example.com>\r\n\r\nhi\r\n',
      );
      const read = await readAll(mailbox, start.cursor, null);
      const [tooLarge, small] = read.messages;
      expect(tooLarge).toMatchObject({
        providerMessageId: '<huge-1@example.com>',
        threadId: '<first@mail.test>',
        tooLargeBytes: expect.any(Number),
      });
      expect(tooLarge!.tooLargeBytes).toBeGreaterThan(INBOX_MESSAGE_MAX_BYTES);
      expect(tooLarge!.raw.length).toBeLessThanOrEqual(INBOX_MESSAGE_START_BYTES);
      expect(tooLarge!.raw.toString()).toContain('Here is the file.');
      expect(small).toMatchObject({ providerMessageId: '<small@example.com>' });
      expect(small!.tooLargeBytes).toBeUndefined();
      expect(read.cursor).toMatch(/^\d+:2$/);

      const inbound = markedTooLarge(
        await parseInbound(tooLarge!.raw, { gmailMessageId: 'x', threadId: 'x' }),
        tooLarge!.tooLargeBytes!,
      );
      expect(inbound.subject).toBe('Re: Hello');
      expect(inbound.text).toMatch(/^\[This email is 5\.0 MB, too large to be read here in full/);
    });

    it('a "try later" reply is a rate limit with a wait; a refused recipient is refused', async () => {
      const user = newUser();
      const mailbox = await rowOf((await connect(user)).id);
      server.refuseNext(421, '4.7.0 Try again later');
      const error = await smtpProvider
        .withSession(deps, mailbox, async (s) => s.send(await outgoing(user.email, 'c@example.com')))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailProviderError);
      expect(error).toMatchObject({ kind: 'rate-limit', options: { status: 421 } });
      expect((error as MailProviderError).options.retryAt!.getTime()).toBeGreaterThan(
        env.clock.now().getTime(),
      );

      server.refuseNext(550, '5.1.1 No such user');
      const refused = await smtpProvider
        .withSession(deps, mailbox, async (s) => s.send(await outgoing(user.email, 'd@example.com')))
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({
        kind: 'refused',
        detail: expect.stringContaining('5.1.1 No such user'),
      });
      expect((await rowOf(mailbox.id)).status).toBe('connected');
    });

    it('a password that stops working holds the mailbox; new credentials resume it', async () => {
      const user = newUser();
      const mailbox = await rowOf((await connect(user)).id);
      await server.changePassword(user.email, 'changed-password-1');
      const error = await smtpProvider
        .withSession(deps, mailbox, async (s) => s.send(await outgoing(user.email, 'e@example.com')))
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'auth-lost', options: { status: 535 } });
      const held = await rowOf(mailbox.id);
      expect(held.status).toBe('token_expired');
      expect(held.lastError).toContain('535');

      const settings = server.settingsFor({ email: user.email, password: 'changed-password-1' });
      const { email: _email, ...update } = settings;
      expect((await put(stranger, `/api/mailboxes/${mailbox.id}/smtp`, update)).statusCode).toBe(404);
      const wrong = await put(owner, `/api/mailboxes/${mailbox.id}/smtp`, {
        ...update,
        smtp: { ...update.smtp, password: 'still-wrong' },
      });
      expect(wrong.statusCode).toBe(422);
      expect((await rowOf(mailbox.id)).status).toBe('token_expired');
      const resumed = await put(owner, `/api/mailboxes/${mailbox.id}/smtp`, update);
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json()).toMatchObject({ status: 'connected' });
      const message = await outgoing(user.email, 'f@example.com');
      await smtpProvider.withSession(deps, await rowOf(mailbox.id), (s) => s.send(message));
      expect(server.taken.some((t) => t.raw.toString().includes(message.messageId))).toBe(true);
    });
  });
});
