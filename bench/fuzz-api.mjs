// `npm run bench:fuzz`: generated hostile requests over every route of a running app, printed as one JSON
// object: the status histogram, server errors, requests not answered within 5 seconds, answers to one
// user that hold another user's records, and forged requests (a state-changing route by a re-spelled path,
// without JSON or Origin) that were not refused. Exits non-zero when any of those four is not zero.
//
// The route list is the app's own (Fastify's route tree), so a new route is fuzzed without editing this
// file. Starts bench/app-server.mjs (the real app, no worker; PGlite in a temporary folder, or a scratch
// PostgreSQL database with BENCH_FUZZ_POSTGRES=1; the web build when apps/web/dist exists), signs up two
// users, gives each a few records, then sends BENCH_REQUESTS (default 3,000) requests, BENCH_CONNECTIONS
// (default 8) at a time, from a fixed seed (BENCH_SEED) so a failure can be replayed.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { Agent, request as undiciRequest } from 'undici';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { WORKFLOW } from '../apps/server/src/testing/write-catalogue.ts';
import { fuzzRequests, routeTable } from './lib/fuzz-requests.mjs';
import { percentiles, scratchPostgres } from './lib/scratch-postgres.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SEED = Number(process.env.BENCH_SEED ?? 20261123);
const ANSWER_WITHIN_MS = 5_000;
const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;

async function listRoutes() {
  const t = await createTestApp();
  await t.app.ready();
  const routes = routeTable(t.app.printRoutes({ commonPrefix: false }));
  await t.close();
  return routes;
}

function startServer(databaseUrl) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (existsSync(`${WEB_DIST}/index.html`)) env.BENCH_WEB_DIST = WEB_DIST;
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/app-server.mjs'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    server.stdout.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
  });
  return { server, port };
}

/** A signed-up user with a session cookie and one record of each kind; returns ids and emails to watch for. */
async function seedUser(base, label) {
  const email = `${label}-${Date.now()}@fuzz.example`;
  const headers = { 'content-type': 'application/json', origin: base };
  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'fuzz-password-1', fullName: `Fuzz ${label}` }),
  });
  if (register.status !== 201)
    throw new Error(`register ${label}: ${register.status} ${await register.text()}`);
  const cookie = register.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const post = async (url, body) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`seed ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()).id;
  };
  const list = await post('/api/personas', {
    name: `${label} list`,
    industry: 'IT',
    jobTitle: 'CTO',
    location: 'Paris',
  });
  const otherList = await post('/api/personas', {
    name: `${label} other`,
    industry: 'IT',
    jobTitle: 'VP',
    location: 'Rome',
  });
  const contactEmail = `${label}-lead@fuzz.example`;
  const contact = await post('/api/contacts', { email: contactEmail, firstName: label, personaId: list });
  const template = await post('/api/templates', {
    name: `${label} intro`,
    subject: 'Hi {{constructor}}',
    // Variables named like Object.prototype's properties reach the preview and the launch check.
    htmlBody: '<p>Hi {{toString}} {{__proto__}}</p>',
  });
  const sequence = await post('/api/sequences', { name: `${label} outreach` });
  const step = await post(`/api/sequences/${sequence}/steps`, { templateId: template, delayDays: 1 });
  const workflow = await post('/api/workflows', WORKFLOW);
  // No mailbox without Google's consent flow: its routes get an id that names nothing.
  const records = { list, otherList, contact, template, sequence, step, workflow, mailbox: randomUUID() };
  const ids = Object.values(records);
  return { cookie, records, ids, secrets: [email, contactEmail, ...ids] };
}

async function send(base, request, dispatcher) {
  const started = performance.now();
  try {
    // fetch() drops a Host header; undici's request sends it as written (`[::1]:80`).
    if (request.headers?.host) {
      const response = await undiciRequest(`${base}${request.path}`, {
        dispatcher,
        method: request.method,
        headers: request.headers,
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      const text = await response.body.text();
      return { status: response.statusCode, text, ms: performance.now() - started };
    }
    const response = await fetch(`${base}${request.path}`, {
      dispatcher,
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    const text = request.method === 'HEAD' ? '' : await response.text();
    return { status: response.status, text, ms: performance.now() - started };
  } catch (error) {
    return { status: 'no answer', text: `${error} ${error.cause ?? ''}`, ms: performance.now() - started };
  }
}

const routes = await listRoutes();
const scratch = process.env.BENCH_FUZZ_POSTGRES === '1' ? await scratchPostgres() : undefined;
const { server, port: portPromise } = startServer(scratch?.url);
try {
  const base = `http://127.0.0.1:${await portPromise}`;
  const mine = await seedUser(base, 'mine');
  const theirs = await seedUser(base, 'theirs');
  const requests = fuzzRequests(fc, { routes, count: REQUESTS, seed: SEED, base, mine, theirs });
  // Fresh connections: generating the requests holds this process long enough for the server to close the
  // sockets the seeding left idle, which a reused pool would only find out by a failed request.
  const dispatcher = new Agent({ connections: CONNECTIONS });

  const histogram = {};
  const serverErrors = [];
  const unanswered = [];
  const leaks = [];
  const forgeries = [];
  const latencies = [];
  const slowest = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < requests.length) {
        const request = requests[next++];
        const answer = await send(base, request, dispatcher);
        histogram[answer.status] = (histogram[answer.status] ?? 0) + 1;
        latencies.push(answer.ms);
        slowest.push({
          ms: Math.round(answer.ms),
          status: answer.status,
          where: `${request.method} ${request.path.slice(0, 120)}`,
        });
        slowest.sort((a, b) => b.ms - a.ms).splice(5);
        const where = `${request.method} ${request.path.slice(0, 200)}`;
        if (answer.status === 'no answer') {
          unanswered.push(`${where}: ${answer.text} after ${Math.round(answer.ms)} ms`);
        } else if (answer.status >= 500)
          serverErrors.push(`${answer.status} ${where}: ${answer.text.slice(0, 200)}`);
        else if (request.mustRefuse && answer.status < 400) forgeries.push(`${answer.status} ${where}`);
        else if (request.asMine && answer.status < 300 && theirs.secrets.some((s) => answer.text.includes(s)))
          leaks.push(where);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const result = {
    requests: requests.length,
    routes: routes.length,
    seed: SEED,
    database: scratch ? 'postgres' : 'pglite',
    seconds: Number(seconds.toFixed(1)),
    statusHistogram: histogram,
    serverErrors: serverErrors.length,
    unansweredWithin5s: unanswered.length,
    tenantLeaks: leaks.length,
    forgedRequestsAccepted: forgeries.length,
    latencyMs: percentiles(latencies),
    slowest,
    examples: {
      serverErrors: serverErrors.slice(0, 10),
      unanswered: unanswered.slice(0, 10),
      leaks: leaks.slice(0, 10),
      forgedRequestsAccepted: forgeries.slice(0, 10),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  process.exitCode = serverErrors.length + unanswered.length + leaks.length + forgeries.length > 0 ? 1 : 0;
} finally {
  server.kill('SIGTERM');
  await scratch?.drop();
}
