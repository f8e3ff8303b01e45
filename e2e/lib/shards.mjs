// The browser flows in several shards at once: each shard is a process of its own with its own server,
// database and Chromium, so the flows never share a user, a clock round or a rate-limit count. Flows are of two
// kinds. Most keep the CPU busy (pages, dialogs, imports): two of them at once fill two cores, and a third one
// slows them all enough to trip their waits. The others wait on the sending engine's real clock (a send
// minute, a reaction window) with the CPU mostly idle. So the shards run at most as many busy files at once as
// the machine has cores, and the other shards take the files that wait on the clock beside them: by default one
// shard more than the machine has cores (decision 003).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';

/** A shard per core for the busy files, and one for the files that wait on the clock. */
export const DEFAULT_SHARDS = availableParallelism() + 1;
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
 * The files to run as {index, waitsOnClock}, the longest first (a flow's own time limit stands for its
 * length), so the last file a shard starts is a short one. A file waits on the clock when one of its flows
 * says so (`waitsOnClock: true`).
 */
export function longestFirst(files) {
  const length = (file) => file.reduce((sum, flow) => sum + (flow.timeoutMs ?? SHORT_FLOW_MS), 0);
  return files
    .map((file, index) => ({
      index,
      length: length(file),
      waitsOnClock: file.some((flow) => flow.waitsOnClock),
    }))
    .sort((a, b) => b.length - a.length || a.index - b.index)
    .map(({ index, waitsOnClock }) => ({ index, waitsOnClock }));
}

/**
 * Hands out the files of `queue` (from `longestFirst`) to shards as they ask. A shard asks when it is done with
 * its file. It gets a busy file while fewer than `busySlots` busy files run, else a file that waits on the
 * clock; when only busy files are left and every slot is taken, it waits for one to end. `answer(shard, file)`
 * is called with the file's index, or null once nothing is left.
 */
export function fileDispatcher({ queue, busySlots, answer }) {
  const busy = queue.filter((file) => !file.waitsOnClock);
  const waiting = queue.filter((file) => file.waitsOnClock);
  const running = new Map();
  const asking = [];
  const busyRunning = () => [...running.values()].filter((file) => !file.waitsOnClock).length;
  const dispatch = () => {
    while (asking.length > 0) {
      const file = busy.length > 0 && busyRunning() < busySlots ? busy.shift() : (waiting.shift() ?? null);
      if (!file && busy.length > 0) return;
      const shard = asking.shift();
      if (file) running.set(shard, file);
      answer(shard, file?.index ?? null);
    }
  };
  return {
    /** `shard` is done with its file and asks for the next. */
    ask(shard) {
      running.delete(shard);
      asking.push(shard);
      dispatch();
    },
    /** `shard` ended, asking or not: its file's slot is free. */
    leave(shard) {
      running.delete(shard);
      const at = asking.indexOf(shard);
      if (at >= 0) asking.splice(at, 1);
      dispatch();
    },
  };
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
export async function runShards({ script, args, count, queue, busySlots = availableParallelism() }) {
  const children = new Map();
  const files = fileDispatcher({
    queue,
    busySlots,
    answer: (shard, file) => {
      const child = children.get(shard);
      if (child.connected) child.send({ file });
    },
  });
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
    children.set(shard, child);
    child.on('message', (message) => {
      if (message?.next) files.ask(shard);
    });
    const closed = new Promise((resolve) =>
      child.on('close', (code) => {
        files.leave(shard);
        resolve(code ?? 1);
      }),
    );
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
