// Starts the built server on a free loopback port with a throwaway PGlite DATA_DIR, and keeps its log lines so
// flows can read what it printed (the password-reset link, when no SMTP is configured).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { serverNodeArgs } from '../../scripts/server-node-args.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Every variable the server reads: none leaks in from the caller's shell; PORT, HOST, DATA_DIR, APP_URL are set. */
const serverVariables = [
  'DATABASE_URL',
  'APP_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'CHAT_WIDGET_URL',
  'ANALYTICS_TOKEN',
  'ANALYTICS_API_HOST',
  'SANDBOX',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_AUTH_URL',
  'GOOGLE_TOKEN_URL',
  'GMAIL_API_BASE_URL',
  'APOLLO_API_BASE_URL',
  'SANDBOX_APOLLO_REQUESTS_PER_MINUTE',
  'AI_BASE_URL',
  'AI_API_KEY',
  'AI_MODEL',
  'RUN_WORKER',
  'REPLY_POLL_SECONDS',
  'TRUST_PROXY',
  'DNS_SERVERS',
  'DNSBL_ZONES',
  'LOG_LEVEL',
];

/**
 * Starts `node <entry>` (or `command` with `args`) and resolves once it logs `readyLine`. A given `dataDir` is
 * kept on stop; otherwise a fresh one is made and removed. `startupMs` is the time from spawn to that line.
 */
export async function startServer({
  root,
  entry,
  command = process.execPath,
  args = [...serverNodeArgs(), entry],
  env,
  dataDir: givenDataDir,
  logFile,
  readyLine = 'Prospector listening on',
  timeoutMs = 60_000,
}) {
  const port = await freePort();
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'prospector-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const childEnv = { ...process.env };
  for (const name of serverVariables) delete childEnv[name];
  Object.assign(childEnv, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: url, ...env });
  // Apollo keys typed in a flow are tried against the sandbox Apollo, never the real one.
  childEnv.APOLLO_API_BASE_URL ??= `${url}/sandbox/apollo`;

  const spawnedAt = performance.now();
  // Its own process group, so stop() reaches everything it started (npm, sh and node for `npm start`).
  const child = spawn(command, args, {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const log = logFile ? createWriteStream(logFile) : null;
  const lines = [];
  const waiters = new Set();
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      log?.write(`${line}\n`);
      for (const waiter of waiters) waiter.check(line);
    });
  }

  /** Resolves with the match of the first log line (past or future) that matches `pattern`. */
  function waitForLine(pattern, ms = 15_000) {
    const earlier = lines.map((line) => line.match(pattern)).find(Boolean);
    if (earlier) return Promise.resolve(earlier);
    return new Promise((resolve, reject) => {
      const waiter = {
        check(line) {
          const match = line.match(pattern);
          if (match) done(() => resolve(match));
        },
        exited(code) {
          done(() => reject(new Error(`server exited (${code}) before logging ${pattern}`)));
        },
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`server did not log ${pattern} in ${ms} ms`))),
        ms,
      );
      function done(settle) {
        clearTimeout(timer);
        waiters.delete(waiter);
        settle();
      }
      waiters.add(waiter);
    });
  }

  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      const status = signal ?? code;
      for (const waiter of [...waiters]) waiter.exited(status);
      resolve(status);
    });
  });

  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    log?.end();
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    await waitForLine(readyLine, timeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n--- server output ---\n${lines.slice(-40).join('\n')}`);
  }
  const startupMs = performance.now() - spawnedAt;
  return { url, port, pid: child.pid, dataDir, startupMs, lines, waitForLine, stop };
}
