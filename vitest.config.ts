import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code (*.test.ts); integration tests (*.int.test.ts) drive the app against a
// fresh database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      {
        // The web app's own '@/' imports, for its component tests.
        resolve: {
          alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }],
        },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'bench/lib/*.test.mjs',
            'e2e/lib/*.test.mjs',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // Vitest's default is one worker fewer than the cores: on the 2-core CI machine, one.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'int',
          // Runs after the unit project, which may use every core.
          sequence: { groupOrder: 1 },
          include: [
            'packages/*/src/**/*.int.test.ts',
            'apps/*/src/**/*.int.test.ts',
            'examples/*/*.int.test.ts',
          ],
          globalSetup: ['packages/db/src/testing-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-hungry; two forks match the machine's two cores.
          maxWorkers: 2,
          // A fork runs file after file on one module graph: the app, PGlite's WebAssembly and the drivers
          // load once per fork instead of once per file, which was two thirds of the suite's time. Every file
          // still gets a database of its own; these files mock no module, which a shared graph would not allow.
          isolate: false,
        },
      },
    ],
  },
});
