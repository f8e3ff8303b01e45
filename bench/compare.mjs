// `npm run bench:compare -- <git-ref> [--bench import] [--runs 3] [--env KEY=VALUE ...]`: one bench run on the
// working tree and on <git-ref> alternately (A B A B ...), in one sitting on one machine, printed as one JSON
// object with each figure's medians and their ratio (current / base). <git-ref> is checked out into a temporary
// git worktree, removed at the end whatever happens.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, staleReason } from '../scripts/build-state.mjs';
import { compareFigures, parseCompareArgs, runFigures } from './lib/compare-figures.mjs';

const log = (message) => console.error(`[bench:compare] ${message}`);
const load = () => loadavg().map((average) => Number(average.toFixed(2)));

/** A command's trimmed stdout; `show` sends it to stderr instead, keeping stdout for the one JSON result. */
function run(command, args, cwd, { show = false } = {}) {
  const stdio = ['ignore', show ? 2 : 'pipe', 'inherit'];
  const result = spawnSync(command, args, { cwd, stdio, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  return result.stdout?.trim();
}

const benchScript = (tree, bench) =>
  JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')).scripts?.[`bench:${bench}`];

/** Benches that start the built app (they read scripts/build-state.mjs) need both trees built alike. */
function needsBuild(script) {
  const file = script.match(/bench\/\S+/)?.[0];
  return file !== undefined && readFileSync(join(root, file), 'utf8').includes('build-state');
}

/**
 * The base tree's node_modules: hard-linked copies of the working tree's when package-lock.json is identical
 * (workspace packages are relative links, so they still resolve to the base tree's own sources), else npm ci.
 */
function install(tree) {
  if (
    readFileSync(join(tree, 'package-lock.json'), 'utf8') ===
    readFileSync(join(root, 'package-lock.json'), 'utf8')
  ) {
    const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces ?? [];
    for (const dir of ['.', ...workspaces]) {
      if (!existsSync(join(root, dir, 'node_modules'))) continue;
      run('cp', ['-al', join(root, dir, 'node_modules'), join(tree, dir, 'node_modules')], root);
    }
    return 'node_modules hard-linked from the working tree (package-lock.json identical)';
  }
  log('package-lock.json differs: npm ci in the base tree');
  run('npm', ['ci', '--no-audit', '--no-fund'], tree, { show: true });
  return 'npm ci (package-lock.json differs)';
}

let child;
function signalBench(signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
/** One `npm run bench:<name>`: its figures; the bench's progress (stderr) goes to ours. */
function runBench(tree, bench, env) {
  return new Promise((resolve, reject) => {
    child = spawn('npm', ['run', '--silent', `bench:${bench}`], {
      cwd: tree,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const figures = runFigures(stdout);
      if (Object.keys(figures).length > 0) {
        if (code !== 0) log(`bench:${bench} in ${tree} exited ${code ?? signal}; its figures are kept`);
        resolve(figures);
      } else {
        reject(new Error(`bench:${bench} in ${tree} printed no JSON figures (exit ${code ?? signal})`));
      }
    });
  });
}

async function main() {
  const options = parseCompareArgs(process.argv.slice(2));
  const script = benchScript(root, options.bench);
  if (!script) throw new Error(`No npm script bench:${options.bench} in the working tree's package.json`);
  const base = run('git', ['rev-parse', '--verify', `${options.ref}^{commit}`], root);
  const loadAtStart = load();

  const tree = mkdtempSync(join(tmpdir(), 'prospector-bench-compare-'));
  let removed = false;
  function removeTree() {
    if (removed) return;
    removed = true;
    log(`removing the worktree ${tree}`);
    spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'inherit' });
    rmSync(tree, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: root });
  }
  const stopOn = (signal, exitCode) =>
    process.on(signal, () => {
      const leave = () => {
        removeTree();
        process.exit(exitCode);
      };
      if (!child || child.exitCode !== null || child.signalCode !== null) return leave();
      // The bench runs in its own process group (npm, sh, tsx, node): stop all of it before its tree goes.
      child.once('exit', leave);
      signalBench('SIGINT');
      setTimeout(() => signalBench('SIGKILL'), 5_000).unref();
    });
  stopOn('SIGINT', 130);
  stopOn('SIGTERM', 143);

  try {
    log(`checking out ${options.ref} (${base.slice(0, 12)}) into ${tree}`);
    run('git', ['worktree', 'add', '--detach', tree, base], root);
    if (!benchScript(tree, options.bench))
      throw new Error(`No npm script bench:${options.bench} at ${options.ref}`);
    const installed = install(tree);
    log(installed);
    if (needsBuild(script)) {
      log('the bench starts the built app: building both trees');
      const stale = staleReason();
      if (stale) {
        log(`building the working tree (${stale})`);
        run('npm', ['run', 'build'], root, { show: true });
      }
      log(`building ${options.ref}`);
      run('npm', ['run', 'build'], tree, { show: true });
    }

    const current = [];
    const baseline = [];
    for (let i = 1; i <= options.runs; i++) {
      log(`run ${i}/${options.runs}: working tree`);
      current.push(await runBench(root, options.bench, options.env));
      log(`run ${i}/${options.runs}: ${options.ref}`);
      baseline.push(await runBench(tree, options.bench, options.env));
    }

    const result = {
      bench: options.bench,
      ref: options.ref,
      base,
      current: run('git', ['rev-parse', 'HEAD'], root),
      uncommittedChanges: run('git', ['status', '--porcelain'], root) !== '',
      runs: options.runs,
      env: options.env,
      install: installed,
      load: [loadAtStart, load()],
      figures: compareFigures(current, baseline),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    removeTree();
  }
}

main().catch((error) => {
  log(error.message);
  process.exitCode = 1;
});
