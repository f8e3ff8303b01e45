import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { connect as connectTcp, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { selfSignedCertificate } from './tls-test-kit';

/**
 * A real IMAP server (Dovecot, from Debian's dovecot-imapd) with an SMTP server in front of it, for the
 * tests of SMTP/IMAP mailboxes. Dovecot runs as an unprivileged process on loopback, with its own config,
 * users (a passwd-file), maildirs and a self-signed certificate in a temporary folder. The SMTP server
 * (smtp-server, STARTTLS, AUTH PLAIN/LOGIN against the same users) delivers mail for the server's own
 * users into their INBOX over IMAP APPEND and keeps the rest as "sent to the internet".
 */
export const DOVECOT_BINARY = '/usr/sbin/dovecot';
export const DOVECOT_MISSING =
  'Dovecot is not installed: apt-get install -y dovecot-imapd (the SMTP/IMAP mailbox tests need it)';

/** null when Dovecot is missing and this is not CI (the tests skip, printing why); in CI a missing Dovecot fails. */
export function dovecotAvailable(): boolean {
  if (existsSync(DOVECOT_BINARY)) return true;
  if (process.env.CI) throw new Error(DOVECOT_MISSING);
  console.warn(`Skipping SMTP/IMAP mailbox tests: ${DOVECOT_MISSING}`);
  return false;
}

export interface MailUser {
  email: string;
  password: string;
}

/** One message the SMTP server took: its envelope and raw source. */
export interface TakenMessage {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface MailServerOptions {
  /** The SMTP server files a copy of each message in the sender's Sent itself (as Gmail and Outlook do). */
  savesSent?: boolean;
  /** The IMAP server advertises IDLE after login (Dovecot's default); false leaves it out. */
  idle?: boolean;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`Dovecot exited: ${readLog(log)}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connectTcp(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Dovecot did not listen on ${port}: ${readLog(log)}`);
}

const readLog = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').slice(-2000) : '(no log)');

/** Dovecot runs its login and mail processes as these users (root may not own mail). */
function processUsers() {
  const me = userInfo();
  if (me.uid !== 0) return { internal: me.username, login: me.username, mailUid: me.uid, mailGid: me.gid };
  const uidOf = (name: string) => Number(execFileSync('id', ['-u', name]).toString().trim());
  const gidOf = (name: string) => Number(execFileSync('id', ['-g', name]).toString().trim());
  return { internal: 'dovecot', login: 'dovenull', mailUid: uidOf('dovecot'), mailGid: gidOf('dovecot') };
}

/** What Dovecot 2.3 advertises after login, less IDLE: a server that leaves IDLE out, as some hosts do. */
const CAPABILITIES_WITHOUT_IDLE = [
  'IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE SORT SORT=DISPLAY THREAD=REFERENCES THREAD=REFS',
  'THREAD=ORDEREDSUBJECT MULTIAPPEND URL-PARTIAL CATENATE UNSELECT CHILDREN NAMESPACE UIDPLUS',
  'LIST-EXTENDED I18NLEVEL=1 CONDSTORE QRESYNC ESEARCH ESORT SEARCHRES WITHIN CONTEXT=SEARCH LIST-STATUS',
  'BINARY MOVE SNIPPET=FUZZY PREVIEW=FUZZY PREVIEW STATUS=SIZE SAVEDATE LITERAL+ NOTIFY SPECIAL-USE',
].join(' ');

function dovecotConfig(dir: string, ports: { imap: number; imaps: number }, options: MailServerOptions) {
  const users = processUsers();
  return `${options.idle === false ? `imap_capability = ${CAPABILITIES_WITHOUT_IDLE}` : ''}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = yes
ssl_cert = <${dir}/cert.pem
ssl_key = <${dir}/key.pem
ssl_min_protocol = TLSv1.2
disable_plaintext_auth = yes
auth_mechanisms = plain login
default_internal_user = ${users.internal}
default_internal_group = ${users.internal}
default_login_user = ${users.login}
first_valid_uid = ${users.mailUid}
mail_location = maildir:${dir}/mail/%n
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users/%u
}
userdb {
  driver = static
  args = uid=${users.mailUid} gid=${users.mailGid} home=${dir}/mail/%n
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${ports.imap}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${ports.imaps}
    ssl = yes
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
}

export async function startMailServer(options: MailServerOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'prospector-dovecot-'));
  // Dovecot's own processes (its internal user when run as root) read the users file and maildirs.
  chmodSync(dir, 0o755);
  const users = new Map<string, string>();
  mkdirSync(join(dir, 'users'));
  // One passwd-file per user, replaced whole. Dovecot reloads a passwd-file when its mtime (in whole seconds)
  // or size changes, so each write gets a later second than the one before: a password changed within the
  // same second as the last write is never served stale.
  let lastStamp = 0;
  const writeUser = (email: string) => {
    const file = join(dir, 'users', email);
    writeFileSync(`${file}.new`, `${email}:{PLAIN}${users.get(email)}::::::\n`);
    lastStamp = Math.max(lastStamp + 1, Math.ceil(Date.now() / 1000));
    utimesSync(`${file}.new`, lastStamp, lastStamp);
    renameSync(`${file}.new`, file);
  };
  const { key, cert: ca } = selfSignedCertificate(dir);
  mkdirSync(join(dir, 'mail'));
  const owner = processUsers();
  chownSync(join(dir, 'mail'), owner.mailUid, owner.mailGid);
  const ports = { imap: await freePort(), imaps: await freePort(), smtp: await freePort() };
  writeFileSync(join(dir, 'dovecot.conf'), dovecotConfig(dir, ports, options));
  const log = join(dir, 'dovecot.log');
  const dovecot = spawn(DOVECOT_BINARY, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  await waitForPort(ports.imaps, dovecot, log);
  const doveadm = (...args: string[]) =>
    execFileSync('doveadm', ['-c', join(dir, 'dovecot.conf'), ...args], { encoding: 'utf8' });

  const imapAs = async (email: string) => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: ports.imaps,
      secure: true,
      servername: 'localhost',
      tls: { ca: [ca] },
      auth: { user: email, pass: users.get(email) ?? '' },
      logger: false,
    });
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  const append = async (email: string, folder: string, raw: Buffer) => {
    const client = await imapAs(email);
    try {
      await client.append(folder, raw);
    } finally {
      await client.logout();
    }
  };

  /** What the SMTP server took, in order; and replies it gives to the next messages instead of taking them. */
  const taken: TakenMessage[] = [];
  const refusals: { code: number; message: string }[] = [];
  const smtp = new SMTPServer({
    secure: false,
    key,
    cert: ca,
    authMethods: ['PLAIN', 'LOGIN'],
    hideSTARTTLS: false,
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username && users.get(auth.username) === auth.password)
        return callback(null, { user: auth.username });
      const error = Object.assign(new Error('5.7.8 Authentication credentials invalid'), {
        responseCode: 535,
      });
      return callback(error);
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusal = refusals.shift();
        if (refusal)
          return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        taken.push({ from, to, raw });
        const deliveries = to
          .filter((address) => users.has(address))
          .map((address) => append(address, 'INBOX', raw));
        const user = typeof session.user === 'string' ? session.user : '';
        if (options.savesSent && users.has(user)) deliveries.push(append(user, 'Sent', raw));
        Promise.all(deliveries).then(
          () => callback(),
          (error: Error) => callback(Object.assign(error, { responseCode: 451 })),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(ports.smtp, '127.0.0.1', resolve));

  return {
    /** The server's certificate, to be trusted by the app under test (deps.mailServers.ca). */
    ca,
    /** The same certificate as a file, for a server process (NODE_EXTRA_CA_CERTS). */
    caFile: join(dir, 'cert.pem'),
    host: 'localhost',
    ports,
    taken,
    addUser(email: string, password: string): MailUser {
      users.set(email.toLowerCase(), password);
      writeUser(email.toLowerCase());
      return { email: email.toLowerCase(), password };
    },
    /**
     * A new password on the server: the old one stops working for every login after this resolves. Dovecot
     * looks at a passwd-file at most once per wall-clock second, so a login in the second of its last look
     * would still get the old password: this resolves once that second has passed (at most one second).
     */
    async changePassword(email: string, password: string) {
      users.set(email.toLowerCase(), password);
      writeUser(email.toLowerCase());
      const nextSecond = 1000 - (Date.now() % 1000) + 5;
      await new Promise((resolve) => setTimeout(resolve, nextSecond));
    },
    /** Dovecot closes every IMAP connection of the user (`doveadm kick`), as a server restart would. */
    kick(email: string) {
      doveadm('kick', email.toLowerCase());
    },
    /** The user's logged-in IMAP connections, as Dovecot counts them (`doveadm who -1`: one line each). */
    imapConnections(email: string): number {
      return doveadm('who', '-1', email.toLowerCase())
        .split('\n')
        .filter((line) => line.startsWith(`${email.toLowerCase()} `)).length;
    },
    /** The next message(s) the SMTP server is given get this reply instead (421 "try later", 535, 550...). */
    refuseNext(code: number, message: string, times = 1) {
      for (let i = 0; i < times; i++) refusals.push({ code, message });
    },
    /** A message arrives in the user's INBOX (a reply, a bounce, an out-of-office). */
    deliver: (email: string, raw: string | Buffer) => append(email.toLowerCase(), 'INBOX', Buffer.from(raw)),
    /** The raw sources in one of the user's folders, oldest first. */
    async folder(email: string, folder: string): Promise<Buffer[]> {
      const client = await imapAs(email.toLowerCase());
      try {
        const lock = await client.getMailboxLock(folder);
        try {
          const sources: Buffer[] = [];
          if (!client.mailbox || client.mailbox.exists === 0) return sources;
          for await (const message of client.fetch('1:*', { source: true }))
            if (message.source) sources.push(message.source);
          return sources;
        } finally {
          lock.release();
        }
      } finally {
        await client.logout();
      }
    },
    /** SMTP and IMAP settings for a user, as the connect form sends them. */
    settingsFor(user: MailUser) {
      return {
        email: user.email,
        smtp: {
          host: 'localhost',
          port: ports.smtp,
          security: 'starttls' as const,
          username: user.email,
          password: user.password,
        },
        imap: {
          host: 'localhost',
          port: ports.imaps,
          security: 'tls' as const,
          username: user.email,
          password: user.password,
        },
      };
    },
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (dovecot.exitCode === null) {
        const exited = new Promise((resolve) => dovecot.once('exit', resolve));
        dovecot.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type MailServer = Awaited<ReturnType<typeof startMailServer>>;
