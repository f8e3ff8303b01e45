// The browser flows in several shards at once: each shard is a process of its own with its own server,
// database and Chromium, so the flows never share a user, a clock round or a rate-limit count. Most of a
// flow's time is spent waiting on the real clock (a send minute, a reaction window), not on the CPU, so on
// two cores two shards take a little over half the time of one; three contend for the CPU enough to trip the
// flows' waits.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export const DEFAULT_SHARDS = 2;
/** The line a shard prints once its server answers. */
export const SERVER_UP = 'e2e: server at';

/** The shard this process runs (`E2E_SHARD=2/3`), or null for the process that starts them. */
export function currentShard(env = process.env) {
  const match = /^(\d+)\/(\d+)$/.exec(env.E2E_SHARD ?? '');
  if (!match) return null;
  return { index: Number(match[1]), count: Number(match[2]) };
}

export function shardCount(env = process.env) {
  const count = Number(env.E2E_SHARDS ?? DEFAULT_SHARDS);
  return Number.isInteger(count) && count >= 1 ? count : DEFAULT_SHARDS;
}

/** What a flow without a time limit of its own is taken to last: such flows take seconds. */
const SHORT_FLOW_MS = 15_000;

/**
 * The order in which the shards take the files: the longest first (a flow given a time limit of its own is one
 * that waits on the sending engine, and its limit stands for its length), so the last file any shard starts
 * is a short one. Each shard takes the next file when it is done with its own, so the shards end close
 * together whatever the flows' real lengths turn out to be.
 */
export function longestFirst(files) {
  const length = (file) => file.reduce((sum, flow) => sum + (flow.timeoutMs ?? SHORT_FLOW_MS), 0);
  return files
    .map((file, index) => ({ index, length: length(file) }))
    .sort((a, b) => b.length - a.length || a.index - b.index)
    .map(({ index }) => index);
}

/** In a shard: asks the process that started it for the next file to run; null once none is left. */
export function nextFileIndex() {
  return new Promise((resolve) => {
    process.once('message', (message) => resolve(message.file));
    process.send({ next: true });
  });
}

/**
 * Runs `count` shards of this script with the same arguments, each line of output marked with its shard, and
 * hands them the files of `queue` (their indices) one at a time as they ask. Each
 * shard starts once the one before has its server up: servers that migrate their new databases all at once
 * on a busy machine can each take longer than their start-up limit.
 */
export async function runShards({ script, args, count, queue }) {
  const waiting = [...queue];
  const started = Date.now();
  const finished = [];
  /** A failed flow's lines, printed again at the end, where a log cut to its tail still shows them. */
  const failures = [];
  for (let i = 0; i < count; i += 1) {
    const shard = `${i + 1}/${count}`;
    const child = spawn(process.execPath, [...process.execArgv, script, ...args], {
      env: { ...process.env, E2E_SHARD: shard },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.on('message', (message) => {
      if (message?.next) child.send({ file: waiting.shift() ?? null });
    });
    const closed = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    const serverUp = new Promise((resolve) => {
      for (const stream of [child.stdout, child.stderr]) {
        let inFailure = false;
        createInterface({ input: stream }).on('line', (line) => {
          console.log(`[${shard}] ${line}`);
          if (line.startsWith('  ✗ ')) inFailure = true;
          else if (!line.startsWith('    ')) inFailure = false;
          if (inFailure) failures.push(`[${shard}] ${line}`);
          if (line.startsWith(SERVER_UP)) resolve();
        });
      }
    });
    await Promise.race([serverUp, closed]);
    finished.push(closed);
  }
  const codes = await Promise.all(finished);
  const failed = codes.filter((code) => code !== 0).length;
  if (failures.length > 0) console.log(['e2e: failed flows', ...failures].join('\n'));
  console.log(
    `e2e: ${count} shards in ${Math.round((Date.now() - started) / 1000)} s, ${failed === 0 ? 'all passed' : `${failed} with failures`}`,
  );
  return failed === 0 ? 0 : 1;
}
