import { spawn, spawnSync } from 'node:child_process';
import { AppError } from '../../app-error';
import type { SpamReason, SpamReport } from './spam-report';

const TIMEOUT_MS = 30_000;

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

/** Scores an RFC 5322 message with SpamAssassin's local tests only (`-L`: no DNS, no network lookups). */
export function scoreWithSpamAssassin(raw: Buffer): Promise<Omit<SpamReport, 'engine'>> {
  return new Promise((resolve, reject) => {
    const child = spawn('spamassassin', ['-L', '-t', '-x'], { timeout: TIMEOUT_MS });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
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
