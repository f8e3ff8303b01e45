import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code (*.test.ts); integration tests (*.int.test.ts) drive the app against a
// fresh database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['packages/*/src/**/*.int.test.ts', 'apps/*/src/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-hungry; two forks match the machine's two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
