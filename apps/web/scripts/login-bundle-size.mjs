// Prints, as JSON, the gzipped size of the JavaScript the /login screen loads: the scripts index.html
// references, their static imports, and the sign-in screen's lazy chunk with its static imports.
// Run after `npm run build -w apps/web`: `node apps/web/scripts/login-bundle-size.mjs`. Exits 1 when the total is
// over the budget (150 kB gzipped), so a change that drags a library into /login shows up.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const size = (file) => {
  const bytes = readFileSync(join(dist, file));
  return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

const entry = closure(['index.html']);
const login = closure(['src/features/auth/auth-page.tsx'], new Set(entry));
const loginOnly = [...login].filter((k) => !entry.has(k));
const files = (keys) => [...keys].map((k) => size(manifest[k].file));
const sum = (list) => list.reduce((n, f) => n + f.gzip, 0);

const entryFiles = files(entry);
const loginFiles = files(loginOnly);
const css = (manifest['index.html'].css ?? []).map(size);
const BUDGET_GZIP = 150_000;
const total = sum(entryFiles) + sum(loginFiles);
console.log(
  JSON.stringify(
    {
      entryJsGzip: sum(entryFiles),
      loginChunksJsGzip: sum(loginFiles),
      totalLoginJsGzip: total,
      budgetGzip: BUDGET_GZIP,
      cssGzip: sum(css),
      entry: entryFiles,
      login: loginFiles,
    },
    null,
    2,
  ),
);
if (total > BUDGET_GZIP) process.exitCode = 1;
