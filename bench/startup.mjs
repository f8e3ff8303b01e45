// `npm run bench:startup`: start-up time, idle memory and the JavaScript the sign-in page costs, printed as one
// JSON object. Needs an up-to-date build (`npm run build`). BENCH_RUNS (default 5) sets the number of runs.
//
// - fresh: spawn of `node apps/server/dist/main.js` on an empty DATA_DIR to its "Prospector listening on" line
//   (creates the PGlite database and applies every migration);
// - warm: the same on the DATA_DIR the fresh run left (what every later start costs);
// - npmStart: `npm start` on that DATA_DIR, so npm and the build-staleness check are included;
// - idle RSS and CPU: VmRSS of the warm server process 10 s after it is listening, and the CPU it used in those
//   10 s, worker included (the default);
// - login JS: /login's module script and modulepreload links, and the lazily loaded route chunks that the Vite
//   manifest names for the sign-in screen, each gzipped with zlib's default level; when Chromium is present,
//   also every script the browser actually fetched to show the sign-in screen.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumPath, launchBrowser } from '../e2e/lib/browser.mjs';
import { startServer } from '../e2e/lib/server.mjs';
import { root, staleReason } from '../scripts/build-state.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_MS = 10_000;
const entry = join(root, 'apps/server/dist/main.js');
const manifestPath = join(root, 'apps/web/dist/.vite/manifest.json');

// A stale build would make `npm start` rebuild inside a measured run.
const stale = staleReason();
if (stale) {
  console.error(`Build first (npm run build): ${stale}`);
  process.exit(1);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms) => Number((ms / 1000).toFixed(3));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds (user + system) the process has used; /proc counts in clock ticks of 1/100 s on Linux. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function vmRssKiB(pid) {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return match ? Number(match[1]) : undefined;
}

const fresh = [];
const warm = [];
const npmStart = [];
const rssKiB = [];
const idleCpuPercent = [];
let loginJs;

for (let run = 0; run < runs; run += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'prospector-bench-'));
  try {
    const first = await startServer({ root, entry, dataDir });
    fresh.push(first.startupMs);
    await first.stop();

    const second = await startServer({ root, entry, dataDir });
    warm.push(second.startupMs);
    const cpuBefore = cpuSeconds(second.pid);
    await sleep(IDLE_MS);
    rssKiB.push(vmRssKiB(second.pid));
    idleCpuPercent.push(((cpuSeconds(second.pid) - cpuBefore) / (IDLE_MS / 1000)) * 100);
    loginJs ??= await measureLoginJs(second.url);
    await second.stop();

    const viaNpm = await startServer({ root, command: 'npm', args: ['start'], dataDir });
    npmStart.push(viaNpm.startupMs);
    await viaNpm.stop();
    const last = (list) => `${seconds(list.at(-1))} s`;
    console.error(
      `run ${run + 1}/${runs}: fresh ${last(fresh)}, warm ${last(warm)}, npm start ${last(npmStart)}, ` +
        `idle RSS ${(rssKiB.at(-1) / 1024).toFixed(1)} MiB, idle CPU ${idleCpuPercent.at(-1).toFixed(1)}%`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  JSON.stringify(
    {
      runs,
      node: process.version,
      cpus: availableParallelism(),
      startupSeconds: {
        freshMedian: seconds(median(fresh)),
        warmMedian: seconds(median(warm)),
        npmStartWarmMedian: seconds(median(npmStart)),
        fresh: fresh.map(seconds),
        warm: warm.map(seconds),
        npmStart: npmStart.map(seconds),
      },
      idleRssMiB: {
        median: Number((median(rssKiB) / 1024).toFixed(1)),
        samples: rssKiB.map((kib) => Number((kib / 1024).toFixed(1))),
        afterSeconds: IDLE_MS / 1000,
      },
      idleCpuPercent: {
        median: Number(median(idleCpuPercent).toFixed(1)),
        samples: idleCpuPercent.map((percent) => Number(percent.toFixed(1))),
      },
      loginJs,
    },
    null,
    2,
  ),
);
process.exit(0);

async function measureLoginJs(baseUrl) {
  const html = await (await fetch(`${baseUrl}/login`)).text();
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const initial = tags
    .filter((tag) => /type=["']module["']/.test(tag) || /rel=["']modulepreload["']/.test(tag))
    .map((tag) => tag.match(/\b(?:src|href)=["']([^"']+)["']/)?.[1])
    .filter(Boolean);
  const initialFiles = await Promise.all(initial.map((path) => sizeOf(baseUrl, path)));
  const lazy = await lazyLoginChunks(baseUrl, new Set(initial.map((path) => path.replace(/^\//, ''))));
  const total = (files) => files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return {
    initialGzipBytes: total(initialFiles),
    initialFiles,
    lazyLoginChunks: lazy,
    totalGzipBytes: total(initialFiles) + total(lazy.files),
    browser: await browserLoginJs(baseUrl),
  };
}

async function sizeOf(baseUrl, path) {
  const body = Buffer.from(await (await fetch(new URL(path, baseUrl))).arrayBuffer());
  return { path, bytes: body.length, gzipBytes: gzipSync(body).length };
}

/** Route chunks the entry imports lazily whose file names the sign-in screen (auth-page.tsx), with their imports. */
async function lazyLoginChunks(baseUrl, alreadyLoaded) {
  if (!existsSync(manifestPath)) return { note: 'no Vite manifest: set build.manifest: true', files: [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryChunk = Object.values(manifest).find((chunk) => chunk.isEntry);
  const isLoginScreen = (key) => /^(auth|login|sign-?in)\b/i.test(key.split('/').at(-1));
  const loginKeys = (entryChunk?.dynamicImports ?? []).filter(isLoginScreen);
  const wanted = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || alreadyLoaded.has(chunk.file) || wanted.has(chunk.file)) return;
    wanted.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const key of loginKeys) visit(key);
  const files = await Promise.all([...wanted].map((file) => sizeOf(baseUrl, `/${file}`)));
  return { sources: loginKeys, files };
}

/** Every script Chromium fetched to render the sign-in screen, or null without Chromium. */
async function browserLoginJs(baseUrl) {
  if (!existsSync(chromiumPath)) return null;
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(
      scripts.map(async (response) => {
        const body = await response.body();
        return {
          path: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
        };
      }),
    );
    return { gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files };
  } finally {
    await browser.close();
  }
}
