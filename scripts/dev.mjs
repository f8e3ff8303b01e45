// `npm run dev`: the API server from source, restarted on change (tsx watch), and the Vite dev server with hot
// reload, side by side. When either stops, or on Ctrl-C, both stop.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './build-state.mjs';
import { whenParentExits } from './parent-watch.mjs';

const isWindows = process.platform === 'win32';
// The browser talks to Vite (port 5173), which passes /api on to the server; links in mails must point there too.
const serverEnv = { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' };
const processes = [
  {
    name: 'server',
    command: join(root, 'node_modules/.bin', isWindows ? 'tsx.cmd' : 'tsx'),
    args: ['watch', '--clear-screen=false', 'apps/server/src/main.ts'],
    env: serverEnv,
    // tsx passes a signal on to the server and waits for it; signalling the server as well would be a second
    // signal, which it takes as "exit now" without closing the database.
    stopGroup: false,
  },
  // npm runs vite under `sh -c`, which does not pass signals on: the whole group is stopped.
  {
    name: 'web',
    command: isWindows ? 'npm.cmd' : 'npm',
    args: ['run', 'dev', '-w', 'apps/web'],
    stopGroup: true,
  },
];

let stopping = false;
const children = processes.map(({ name, command, args, env = process.env, stopGroup }) => {
  // Each child leads its own process group, so stopping it also stops what it started (node under tsx, vite under npm).
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: 'inherit',
    detached: !isWindows,
    shell: isWindows,
  });
  child.on('error', (error) => {
    console.error(`[dev] ${name} could not start: ${error.message}`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[dev] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    stopAll(code ?? 1);
  });
  child.stopGroup = stopGroup;
  return child;
});

function kill(child, signal, { group = child.stopGroup } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (isWindows || !group) child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  for (const child of children) kill(child, 'SIGTERM');
  // Anything still running after 5 s is ended for good; the timer does not keep us alive on its own.
  setTimeout(() => {
    for (const child of children) kill(child, 'SIGKILL', { group: true });
    process.exit(exitCode);
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
whenParentExits(() => stopAll(0));
