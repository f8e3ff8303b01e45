import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { AppError } from '../../app-error';
import type { SpamReason, SpamReport } from './spam-report';

const TIMEOUT_MS = 20_000;
/** A report is a few kilobytes; more output than this is not read. */
const MAX_REPORT_CHARS = 256 * 1024;

let installed: boolean | undefined;

/** Whether the `spamassassin` command runs on this machine (asked once per process). */
export function spamAssassinInstalled(): boolean {
  installed ??= spawnSync('spamassassin', ['--version'], { timeout: 10_000 }).status === 0;
  return installed;
}

const ROW = /^\s*(-?\d+(?:\.\d+)?)\s+([A-Z0-9_]+)\s+(.*)$/;

/**
 * The "Content analysis details" table SpamAssassin appends in test mode (`-t`): the total points and one
 * row per rule, long descriptions wrapped onto indented lines.
 */
export function parseSpamAssassinReport(output: string): Omit<SpamReport, 'engine'> | null {
  const head = /Content analysis details:\s+\((-?[\d.]+) points?, (-?[\d.]+) required\)/.exec(output);
  if (!head) return null;
  const lines = output.slice(head.index).split(/\r?\n/);
  const start = lines.findIndex((line) => line.startsWith('----'));
  const reasons: SpamReason[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') break;
    const row = ROW.exec(line);
    const last = reasons.at(-1);
    if (row?.[1] && row[2]) {
      reasons.push({ rule: row[2], score: Number(row[1]), description: (row[3] ?? '').trim() });
    } else if (last) {
      last.description = `${last.description} ${line.trim()}`;
    }
  }
  return { score: Number(head[1]), reasons };
}

/** Where a spamd daemon listens (`host:port`); SpamAssassin's default is 127.0.0.1:783. */
export interface SpamdAddress {
  host: string;
  port: number;
}

export function parseSpamdAddress(value: string): SpamdAddress | null {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(value.trim());
  return match?.[1] && match[2] ? { host: match[1], port: Number(match[2]) } : null;
}

/** Whether spamd accepts connections at `address` (a loopback connect: a millisecond when it runs). */
export function spamdReachable(address: SpamdAddress, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address.host, port: address.port, timeout: timeoutMs });
    const done = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Runs a scanner command on the message and parses its report; `signal` kills the process. */
function runScanner(command: string, args: string[], raw: Buffer, signal?: AbortSignal) {
  return new Promise<Omit<SpamReport, 'engine'>>((resolve, reject) => {
    const child = spawn(command, args, { timeout: TIMEOUT_MS, signal, killSignal: 'SIGKILL' });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (output.length < MAX_REPORT_CHARS) output += chunk;
    });
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => {
      const report = parseSpamAssassinReport(output);
      if (report) resolve(report);
      else
        reject(new AppError('UPSTREAM_ERROR', 'SpamAssassin did not finish checking the email; try again'));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(raw);
  });
}

/**
 * Scores an RFC 5322 message with SpamAssassin: through a running spamd (`spamc -R`, no new process of
 * ~100 MB per check) when one answers at `spamd`, else with SpamAssassin's local tests only
 * (`spamassassin -L`: no DNS, no network lookups).
 */
export async function scoreWithSpamAssassin(
  raw: Buffer,
  options: { signal?: AbortSignal; spamd?: SpamdAddress | null } = {},
): Promise<Omit<SpamReport, 'engine'>> {
  const { spamd, signal } = options;
  if (spamd && (await spamdReachable(spamd))) {
    const args = ['-R', '-x', '-d', spamd.host, '-p', String(spamd.port), '-t', String(TIMEOUT_MS / 1000)];
    const report = await runScanner('spamc', args, raw, signal).catch(() => null);
    if (report) return report;
  }
  return runScanner('spamassassin', ['-L', '-t', '-x'], raw, signal);
}
