import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { migrationsFolder } from './migrate';
import { createTestDatabase } from './testing';

/** The migration's first statement: splitting the full names of contacts saved before names were split. */
const splitStatement = readFileSync(
  join(migrationsFolder(), '0015_contact-names-and-search.sql'),
  'utf8',
).split('--> statement-breakpoint')[0]!;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('the migration that splits existing full names', () => {
  it('fills first and last name from the full name, once, and leaves the rest alone', async () => {
    const { rows } = await database.executeSql(
      `insert into users (email, full_name, password_hash) values ('split@example.com', 'Split', 'x') returning id`,
    );
    const workspaceId = rows[0]!.id as string;
    const saved: [string, string | null, string | null, string | null][] = [
      ['a@x.io', 'Dr. Emma van der Berg', null, null],
      ['b@x.io', 'Emma King', null, null],
      ['c@x.io', 'Madonna', null, null],
      ['d@x.io', 'King, Emma', null, null],
      ['e@x.io', 'Jean-Luc Picard Jr.', null, null],
      ['f@x.io', 'María José de la Cruz', null, null],
      ['g@x.io', 'g@x.io', null, null],
      ['h@x.io', 'Grace Hopper', 'Amazing', null],
      ['i@x.io', null, null, null],
    ];
    for (const [email, name, first, last] of saved) {
      await database.executeSql(
        'insert into contacts (workspace_id, email, name, first_name, last_name) values ($1, $2, $3, $4, $5)',
        [workspaceId, email, name, first, last],
      );
    }
    await database.executeSql(splitStatement);
    const after = await database.executeSql(
      'select email, first_name, last_name from contacts where workspace_id = $1 order by email',
      [workspaceId],
    );
    expect(after.rows.map((r) => [r.email, r.first_name, r.last_name])).toEqual([
      ['a@x.io', 'Emma', 'van der Berg'],
      ['b@x.io', 'Emma', 'King'],
      ['c@x.io', 'Madonna', null],
      ['d@x.io', 'Emma', 'King'],
      ['e@x.io', 'Jean-Luc', 'Picard'],
      ['f@x.io', 'María', 'de la Cruz'],
      ['g@x.io', null, null],
      ['h@x.io', 'Amazing', null],
      ['i@x.io', null, null],
    ]);
  });
});
