import { describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { migrateDatabase } from './migrate';
import { createTestDatabase } from './testing';

describe('migrateDatabase', () => {
  it('is a no-op on an up-to-date database', async () => {
    const database = await createTestDatabase();
    try {
      await migrateDatabase(database);
      const { rows } = await database.executeSql('SELECT count(*)::int AS n FROM users');
      expect(rows[0]?.n).toBe(0);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'applies each migration once when two processes start at once',
    async () => {
      // An empty database, as a server and a worker would find it on their first start.
      const admin = await createTestDatabase();
      const name = `migrate_${crypto.randomUUID().replaceAll('-', '')}`;
      await admin.executeSql(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const [a, b] = await Promise.all(
        [1, 2].map(() => createDatabase({ url: url.toString(), poolSize: 2 })),
      );
      try {
        await Promise.all([migrateDatabase(a!), migrateDatabase(b!)]);
        const { rows } = await a!.executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
        expect(rows[0]?.n).toBeGreaterThanOrEqual(2);
      } finally {
        await Promise.all([a!.close(), b!.close()]);
        await admin.executeSql(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.close();
      }
    },
  );
});
