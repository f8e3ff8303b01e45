// Bundles src/main.ts and src/worker.ts into dist/ for Node 20. The @prospector/* workspace packages are
// bundled (they ship TypeScript sources); every other package stays external and is loaded from
// node_modules at run time. Migrations are found through `@prospector/db/package.json`, which node_modules
// still resolves (npm links the workspace there).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** Every dependency named by any workspace package.json, except the workspace packages themselves. */
function externals() {
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const names = new Set();
  for (const workspace of ['.', ...rootPackage.workspaces]) {
    const pkg = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const name of Object.keys(pkg[field] ?? {})) names.add(name);
    }
  }
  // '@prospector/db/package.json' must stay a run-time lookup, so migrations are read from the package.
  return [...names].filter((n) => !n.startsWith('@prospector/')).flatMap((n) => [n, `${n}/*`]);
}

await build({
  entryPoints: { main: join(here, 'src/main.ts'), worker: join(here, 'src/worker.ts') },
  outdir: join(here, 'dist'),
  bundle: true,
  // No code splitting: a shared chunk in dist/chunks/ would break `../../web/dist` from import.meta.url.
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: externals(),
  // Some CommonJS code inside the bundle may call require(); ESM has none, so make one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
});
