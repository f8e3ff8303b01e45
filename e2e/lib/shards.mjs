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

/**
 * Splits the flows, a file's flows together, so each shard waits about as long: the longest file first, each to
 * the shard with the least so far. A flow's time limit stands for its length (the long ones are those that wait
 * on the sending engine). Files keep their listed order inside a shard.
 */
export function assignToShards(files, count, defaultLimitMs) {
  const load = Array.from({ length: count }, () => 0);
  const shardOf = new Map();
  const byLength = files
    .map((file, order) => ({
      file,
      order,
      length: file.reduce((sum, flow) => sum + (flow.timeoutMs ?? defaultLimitMs), 0),
    }))
    .sort((a, b) => b.length - a.length || a.order - b.order);
  for (const { file, length } of byLength) {
    const lightest = load.indexOf(Math.min(...load));
    load[lightest] += length;
    shardOf.set(file, lightest + 1);
  }
  return (index) => files.filter((file) => shardOf.get(file) === index).flat();
}

/**
 * Runs `count` shards of this script with the same arguments, each line of output marked with its shard. Each
 * shard starts once the one before has its server up: servers that migrate their new databases all at once
 * on a busy machine can each take longer than their start-up limit.
 */
export async function runShards({ script, args, count }) {
  const started = Date.now();
  const finished = [];
  for (let i = 0; i < count; i += 1) {
    const shard = `${i + 1}/${count}`;
    const child = spawn(process.execPath, [...process.execArgv, script, ...args], {
      env: { ...process.env, E2E_SHARD: shard },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const closed = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    const serverUp = new Promise((resolve) => {
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => {
          console.log(`[${shard}] ${line}`);
          if (line.startsWith(SERVER_UP)) resolve();
        });
      }
    });
    await Promise.race([serverUp, closed]);
    finished.push(closed);
  }
  const codes = await Promise.all(finished);
  const failed = codes.filter((code) => code !== 0).length;
  console.log(
    `e2e: ${count} shards in ${Math.round((Date.now() - started) / 1000)} s, ${failed === 0 ? 'all passed' : `${failed} with failures`}`,
  );
  return failed === 0 ? 0 : 1;
}
