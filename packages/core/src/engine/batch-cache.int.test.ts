import { type Database, stepVariants, users } from '@prospector/db';
import { createTestDatabase, seedOwnedGraph } from '@prospector/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createBatchCache } from './batch-cache';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('createBatchCache', () => {
  it("reads a step's variants once for the whole batch, however many enrolments reach the step", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: 'batch@example.com', fullName: 'Batch', passwordHash: 'x' })
      .returning();
    const { step, template } = await seedOwnedGraph(db, user!.id);
    await db.transaction(async (tx) => {
      const cache = createBatchCache(tx);
      const first = await cache.variants(step.id);
      await tx
        .insert(stepVariants)
        .values({ workspaceId: user!.id, stepId: step.id, label: 'C', templateId: template.id });
      const again = await cache.variants(step.id);
      expect(first.map((variant) => variant.label)).toEqual(['B']);
      expect(again).toBe(first);
    });
  });
});
