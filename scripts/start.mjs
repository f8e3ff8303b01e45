// `npm start` (API + web + worker) and `npm run worker` (`--worker`: the worker alone).
// Builds first when the build is missing or older than the sources, then runs the bundle in a child process
// with this process's stdio and environment, passing signals on and exiting as the child does.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, root } from './build-state.mjs';
import { whenParentExits } from './parent-watch.mjs';
import { serverNodeArgs } from './server-node-args.mjs';

const entry = process.argv.includes('--worker') ? 'worker.js' : 'main.js';

try {
  ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// The server gets its own process group, so each signal reaches it once, from here. Ctrl-C in a terminal
// signals the whole foreground group and npm forwards the same signal again; the server treats a second
// signal as "exit now", which would skip its graceful shutdown (and closing the database cleanly).
const child = spawn(process.execPath, [...serverNodeArgs(), join(root, 'apps/server/dist', entry)], {
  stdio: 'inherit',
  detached: process.platform !== 'win32',
});

const REPEAT_WINDOW_MS = 1500;
let lastForwarded = 0;
function forward(signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // Copies of one Ctrl-C arrive together; a deliberate second Ctrl-C later is passed on (a forced stop).
  if (Date.now() - lastForwarded < REPEAT_WINDOW_MS) return;
  lastForwarded = Date.now();
  // The server shuts down gracefully on SIGINT and SIGTERM; a closed terminal (SIGHUP) asks for the same.
  child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));

// A plain `kill <npm pid>` never reaches this process (see parent-watch.mjs): stop the server when npm goes.
whenParentExits(() => forward('SIGTERM'));

child.on('error', (error) => {
  console.error(`Could not start ${entry}: ${error.message}`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal so whoever started us sees it; the listeners above would swallow it, so drop them.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
