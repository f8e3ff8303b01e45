// The app as the benches start it: the build when it is current, else the sources through tsx, and a
// signed-in caller for its JSON API.
import { join } from 'node:path';
import { startServer } from '../../e2e/lib/server.mjs';
import { root, staleReason } from '../../scripts/build-state.mjs';
import { serverNodeArgs } from '../../scripts/server-node-args.mjs';

/**
 * Starts the app with `env`; `serverKind` says whether the build or the sources run. `cpus` (e.g. "0")
 * pins the server to those cores with taskset, so a load generator pinned elsewhere never competes with it;
 * `nodeArgs` go to node before the entry (e.g. --cpu-prof, which NODE_OPTIONS may not carry), after the
 * server's own (`serverNodeArgs`); the server returned names them all as `nodeArgs`.
 */
export async function startBenchServer(env, { cpus, nodeArgs = [] } = {}) {
  const fresh = !staleReason();
  const flags = [...serverNodeArgs(), ...nodeArgs];
  const [command, ...args] = [
    ...(cpus === undefined ? [] : ['taskset', '-c', cpus]),
    ...(fresh
      ? [process.execPath, ...flags, join(root, 'apps/server/dist/main.js')]
      : [join(root, 'node_modules/.bin/tsx'), ...flags, join(root, 'apps/server/src/main.ts')]),
  ];
  const server = await startServer({ root, command, args, env: { LOG_LEVEL: 'warn', ...env } });
  return Object.assign(server, {
    serverKind: fresh ? 'build (apps/server/dist)' : 'sources (tsx)',
    nodeArgs: flags,
  });
}

/**
 * A new user signed up on the server, with one email list: `call(method, path, body)` sends JSON with the
 * user's session cookie and returns the JSON answer, throwing on any error status.
 */
export async function benchUserWithList(server, listName) {
  let cookie;
  const call = async (method, path, body) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
    return response.json();
  };
  const tag = Date.now().toString(36);
  await call('POST', '/api/auth/register', {
    email: `bench-${tag}@example.com`,
    password: 'bench-password-1',
    fullName: 'Bench',
  });
  const list = await createBenchList(call, listName);
  return { call, list, tag, cookie: () => cookie };
}

/** A new email list of the signed-in user behind `call`. */
export function createBenchList(call, name) {
  return call('POST', '/api/personas', { name, industry: 'Software', jobTitle: 'CTO', location: 'Berlin' });
}
