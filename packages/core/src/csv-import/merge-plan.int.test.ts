import { csvImportRowSchema } from '@prospector/contracts';
import { type Database, personas, users, withCopySession } from '@prospector/db';
import { createTestDatabase, type PlanNode, planOf } from '@prospector/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonaRow } from '../personas/persona-store';
import { bulkInsertSql, toColumns } from './bulk-insert-sql';
import { CREATE_STAGING, mergeSql, STAGING_TABLE } from './staging-sql';

/**
 * How a plan reads the contacts table, as "node type, index". The update of known contacts (with "Update
 * existing contacts") joins them by id, which the planner may fairly do with a scan of a small table, so
 * what it reads is left out.
 */
function readsOfContacts(node: PlanNode): string[] {
  if (node['Node Type'] === 'ModifyTable' && node.Operation === 'Update') return [];
  const own =
    node['Relation Name'] === 'contacts' && node['Node Type'] !== 'ModifyTable'
      ? [`${node['Node Type']}, ${node['Index Name'] ?? '-'}`]
      : [];
  return [...new Set([...own, ...(node.Plans ?? []).flatMap(readsOfContacts)])];
}

/** Every row's known contact is found through the user's address key, one probe a row. */
const BY_ADDRESS_KEY = ['Index Scan, contacts_user_email_key'];

describe('an import statement, once the user has many contacts', () => {
  let database: Database;
  let workspaceId: string;
  let list: PersonaRow;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ email: `${crypto.randomUUID()}@example.com`, fullName: 'Plans', passwordHash: 'x' })
      .returning();
    workspaceId = user!.id;
    const [created] = await database.db
      .insert(personas)
      .values({ workspaceId, name: 'List', industry: 'Software', jobTitle: 'CTO', location: 'Berlin' })
      .returning();
    list = created!;
    // The user has many contacts already, as after the first ranges of a large import.
    await database.executeSql(
      `insert into contacts (workspace_id, email) select '${workspaceId}', 'known-' || g || '@example.com'
       from generate_series(1, 20000) g`,
    );
  });
  afterAll(() => database?.close());

  it.each([false, true])(
    "merges a file's staged range reading the user's contacts only by key (updating known contacts: %s)",
    async (updateExisting) => {
      const plan = await withCopySession(database.db, async (session) => {
        await session.query(CREATE_STAGING);
        await session.query(
          `insert into ${STAGING_TABLE} (ord, email) select g, 'known-' || (g * 7) || '@example.com'
           from generate_series(1, 5000) g`,
        );
        const [row] = await session.query(`explain (format json) ${mergeSql(updateExisting, 10)}`, [
          workspaceId,
          list.id,
          'Software',
          new Date('2026-01-01T00:00:00Z'),
        ]);
        return (row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
      });
      expect(readsOfContacts(plan)).toEqual(BY_ADDRESS_KEY);
    },
  );

  it.each([false, true])(
    "imports a batch reading the user's contacts only by key (updating known contacts: %s)",
    async (updateExisting) => {
      const rows = Array.from({ length: 2000 }, (_, i) =>
        csvImportRowSchema.parse({ email: `known-${i * 7}@example.com` }),
      );
      const statement = bulkInsertSql({
        workspaceId,
        persona: list,
        now: new Date('2026-01-01T00:00:00Z'),
        columns: toColumns(rows),
        updateExisting,
      });
      expect(readsOfContacts(await planOf(database.db, statement))).toEqual(BY_ADDRESS_KEY);
    },
  );
});
