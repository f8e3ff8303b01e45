import { type Database, users } from '@prospector/db';
import { createTestDatabase, type PlanNode, planOf } from '@prospector/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchUpsertSql } from './batch-upsert-sql';
import { contactsAfterQuery } from './list-contacts-after';

/** How a plan reads the contacts table, as "node type, index" (the update's own join by id left out). */
function readsOfContacts(node: PlanNode): string[] {
  if (node['Node Type'] === 'ModifyTable' && node.Operation === 'Update') return [];
  const own =
    node['Relation Name'] === 'contacts' && node['Node Type'] !== 'ModifyTable'
      ? [`${node['Node Type']}, ${node['Index Name'] ?? '-'}`]
      : [];
  return [...new Set([...own, ...(node.Plans ?? []).flatMap(readsOfContacts)])];
}

describe('a sync’s statements, once the user has many contacts', () => {
  let database: Database;
  let workspaceId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ email: `${crypto.randomUUID()}@example.com`, fullName: 'Plans', passwordHash: 'x' })
      .returning();
    workspaceId = user!.id;
    await database.executeSql(
      `insert into contacts (workspace_id, email, updated_at) select '${workspaceId}', 'known-' || g || '@example.com',
         timestamptz '2026-01-01' + g * interval '1 second'
       from generate_series(1, 20000) g`,
    );
    await database.executeSql('analyze contacts');
  });
  afterAll(() => database?.close());

  it('pages the changes since a time through the (workspace_id, updated_at, id) index, in its order', async () => {
    const query = contactsAfterQuery(database.db, workspaceId, {
      limit: 50,
      updatedSince: new Date('2026-01-01T03:00:00Z'),
    });
    const plan = await planOf(database.db, query.getSQL());
    expect(readsOfContacts(plan)).toEqual(['Index Scan, contacts_user_updated_idx']);
    expect(JSON.stringify(plan)).not.toContain('"Node Type":"Sort"');
  });

  it('finds the known contacts of a batch only by their address key', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      ord: i,
      email: `known-${i * 7 + 1}@example.com`,
      title: 'CTO',
      ins_first_name: null,
      ins_last_name: null,
      ins_name: `known-${i * 7 + 1}@example.com`,
      sent: ['email', 'title'],
    }));
    const statement = batchUpsertSql({
      workspaceId,
      rows,
      list: null,
      now: new Date('2026-02-01T00:00:00Z'),
    });
    const reads = readsOfContacts(await planOf(database.db, statement));
    expect(reads.every((read) => !read.startsWith('Seq Scan'))).toBe(true);
    expect(reads).toContain('Index Scan, contacts_user_email_key');
  });
});
