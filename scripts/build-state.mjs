// Is the production build present and newer than every source file? Used by `npm start`, `npm run worker`
// and the browser tests, so a fresh clone or an edited source rebuilds once and an up-to-date tree starts at once.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const buildOutputs = [
  'apps/web/dist/index.html',
  'apps/server/dist/main.js',
  'apps/server/dist/worker.js',
];

// What a build reads: every app's and package's src, the committed migrations, and the build configuration.
const sourceDirs = [
  ...workspaceDirs('apps').map((dir) => `${dir}/src`),
  ...workspaceDirs('packages').map((dir) => `${dir}/src`),
  'packages/db/drizzle',
  'apps/web/public',
];
const sourceFiles = [
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/server/build.mjs',
  'package-lock.json',
];

function workspaceDirs(parent) {
  try {
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  } catch {
    return [];
  }
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** First file under `dir` modified after `since`, or undefined. A plain stat walk that stops at the first hit. */
function newerFileIn(dir, since) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const hit = newerFileIn(path, since);
      if (hit) return hit;
    } else if ((mtime(path) ?? 0) > since) {
      return path;
    }
  }
  return undefined;
}

/**
 * Why the build must run, or null when it is up to date. The build's own outputs are the stamp: the oldest of
 * them is when the last complete build finished, whether `npm start` or a person ran `npm run build`.
 */
export function staleReason() {
  const stamps = buildOutputs.map((file) => mtime(join(root, file)));
  const missing = buildOutputs.filter((_, i) => stamps[i] === undefined);
  if (missing.length > 0) return `${missing.join(', ')} missing`;
  const builtAt = Math.min(...stamps);
  for (const file of sourceFiles) {
    if ((mtime(join(root, file)) ?? 0) > builtAt) return `${file} changed`;
  }
  for (const dir of sourceDirs) {
    const hit = newerFileIn(join(root, dir), builtAt);
    if (hit) return `${hit.slice(root.length + 1)} changed`;
  }
  return null;
}

/** Runs `npm run build` when the build is missing or stale; throws when the build fails. */
export function ensureBuilt({ log = console.log } = {}) {
  const reason = staleReason();
  if (!reason) return false;
  log(`Building Prospector first (${reason}): npm run build`);
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
  return true;
}
