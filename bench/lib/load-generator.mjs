// The HTTP load generator of the tracking benchmarks, in a process of its own so it never takes the
// server's CPU time (tracking-bench.mjs starts it, pinned to another core when it can). It keeps
// CONNECTIONS keep-alive connections to TARGET open across cases and, for each case it is sent over IPC,
// drives them closed-loop for the case's seconds: every connection sends the next request as soon as the
// previous answer is read, cycling through the case's paths. It replies with every latency, the error count and its own CPU time.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

const target = process.env.TARGET;
const connections = Number(process.env.CONNECTIONS);
const pool = new Pool(target, { connections, pipelining: 1 });

/** True when the answer is what the case expects: its status, and its Location or body length if given. */
function answered(expect, response, body) {
  if (response.statusCode !== expect.status) return false;
  if (expect.location !== undefined && response.headers.location !== expect.location) return false;
  return expect.bodyLength === undefined || body.length === expect.bodyLength;
}

async function runCase({ seconds, method, headers, paths, expect }) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  process.send({ type: 'started' });
  const cpuAtStart = process.cpuUsage();
  const started = performance.now();
  const end = started + seconds * 1000;
  const lane = async () => {
    while (performance.now() < end) {
      const path = paths[next++ % paths.length];
      const sent = performance.now();
      try {
        const response = await pool.request({ method, path, headers });
        const body = Buffer.from(await response.body.arrayBuffer());
        if (!answered(expect, response, body)) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: connections }, lane));
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  return { latencies, errors, elapsedSeconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

process.on('message', async (message) => {
  if (message.type === 'close') {
    await pool.close();
    process.disconnect();
    return;
  }
  process.send({ type: 'result', ...(await runCase(message)) });
});
process.send({ type: 'ready' });
