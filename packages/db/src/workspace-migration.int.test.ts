import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, PGLITE_EXTENSIONS, PGLITE_START_PARAMS, wrapPglite } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';
import { createTestDatabase } from './testing';

const BEFORE_WORKSPACES = 32;

/** A copy of the migrations that stops at `last` (its journal and its files). */
function migrationsUpTo(last: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'prospector-migrations-'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= last);
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    cpSync(join(migrationsFolder(), `${tag}.sql`), join(folder, `${tag}.sql`));
  return folder;
}

/** An empty database of the engine the suite runs on; close() disposes of it. */
async function emptyDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    return wrapPglite(
      await PGlite.create({ startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS }),
    );
  const admin = await createTestDatabase();
  const name = `workspaces_${randomUUID().replaceAll('-', '')}`;
  await admin.executeSql(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await createDatabase({ url: target.toString(), poolSize: 2 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.executeSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

interface Seeded {
  id: string;
  fullName: string;
  accountId: string;
}

/** What a person held before workspaces, in the schema of migration 0032 (owner column `user_id`). */
async function seedPerson(database: Database, fullName: string): Promise<Seeded> {
  const id = randomUUID();
  const accountId = randomUUID();
  const personaId = randomUUID();
  const templateId = randomUUID();
  const sequenceId = randomUUID();
  const stepId = randomUUID();
  const enrolmentId = randomUUID();
  const workflowId = randomUUID();
  const contacts = [randomUUID(), randomUUID(), randomUUID()];
  const run = (text: string, values: unknown[]) => database.executeSql(text, values);
  await run(
    `insert into users (id, email, full_name, password_hash, apollo_api_key, apollo_api_key_enabled,
       google_access_token, default_send_as_email) values ($1, $2, $3, 'x', $4, false, $5, $6)`,
    [id, `${id}@example.com`, fullName, `apollo-${id}`, `google-${id}`, `alias-${id}@example.com`],
  );
  await run(`insert into gmail_accounts (id, user_id, google_user_id, email) values ($1, $2, $3, $4)`, [
    accountId,
    id,
    `g-${id}`,
    `me-${id}@gmail.com`,
  ]);
  await run('update users set default_sender_account_id = $1 where id = $2', [accountId, id]);
  await run(
    `insert into personas (id, user_id, name, industry, job_title, location) values ($1, $2, 'CTOs', 'Software', 'CTO', 'Berlin')`,
    [personaId, id],
  );
  for (const [index, contactId] of contacts.entries()) {
    await run(
      `insert into contacts (id, user_id, email, persona_id, unsubscribed) values ($1, $2, $3, $4, $5)`,
      [contactId, id, `lead-${index}-${id}@example.com`, personaId, index === 0],
    );
    await run(`insert into persona_contacts (user_id, persona_id, contact_id) values ($1, $2, $3)`, [
      id,
      personaId,
      contactId,
    ]);
  }
  await run(`insert into templates (id, user_id, name, subject) values ($1, $2, 'Intro', 'Hi')`, [
    templateId,
    id,
  ]);
  await run(
    `insert into sequences (id, user_id, name, sender_account_id, persona_id) values ($1, $2, 'Outreach', $3, $4)`,
    [sequenceId, id, accountId, personaId],
  );
  await run(
    `insert into sequence_steps (id, user_id, sequence_id, name, step_order, template_id)
       values ($1, $2, $3, 'Step 1', 1, $4)`,
    [stepId, id, sequenceId, templateId],
  );
  await run(
    `insert into sequence_contacts (id, user_id, sequence_id, contact_id, current_step_id) values ($1, $2, $3, $4, $5)`,
    [enrolmentId, id, sequenceId, contacts[0], stepId],
  );
  await run(
    `insert into email_sends (user_id, sequence_contact_id, sequence_id, step_id, contact_id, template_id,
       sender_account_id, tracking_token, unsubscribe_token, scheduled_for)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())`,
    [id, enrolmentId, sequenceId, stepId, contacts[0], templateId, accountId, `t-${id}`, `u-${id}`],
  );
  // Settings and revealed emails are keyed by their owner and one more column.
  await run(
    `insert into settings (user_id, key, value) values ($1, 'contacts', '{"maxContinuousNotOpens":3}'),
       ($1, 'assistant', '{}')`,
    [id],
  );
  await run(`insert into revealed_emails (user_id, apollo_id, email) values ($1, 'apollo-1', $2)`, [
    id,
    `revealed-${id}@example.com`,
  ]);
  await run(`insert into integrations (user_id, type, status) values ($1, 'google', 'connected')`, [id]);
  await run(`insert into workflows (id, user_id, name) values ($1, $2, 'Weekly CTOs')`, [workflowId, id]);
  await run(
    `insert into api_keys (user_id, name, prefix, key_hash, scopes) values ($1, 'CRM', 'pk_1', $2, '{contacts:read}')`,
    [id, `hash-${id}`],
  );
  await run(
    `insert into webhook_endpoints (user_id, url, event_types, secret) values ($1, 'https://example.com/h', '{email.sent}', 's')`,
    [id],
  );
  await run(
    `insert into suppressions (user_id, kind, value, reason, source) values ($1, 'address', $2, 'manual', 'user')`,
    [id, `nope-${id}@example.com`],
  );
  return { id, fullName, accountId };
}

/** Tables whose rows the seed gave each person, with the number each person has. */
const OWNED = {
  gmail_accounts: 1,
  personas: 1,
  contacts: 3,
  persona_contacts: 3,
  templates: 1,
  sequences: 1,
  sequence_steps: 1,
  sequence_contacts: 1,
  email_sends: 1,
  settings: 2,
  revealed_emails: 1,
  integrations: 1,
  workflows: 1,
  api_keys: 1,
  webhook_endpoints: 1,
  suppressions: 1,
};
const MADE_BY = [
  'api_keys',
  'gmail_accounts',
  'personas',
  'sequences',
  'templates',
  'webhook_endpoints',
  'workflows',
];

let database: Database;
let migrations: string;
const people: Seeded[] = [];
beforeAll(async () => {
  migrations = migrationsUpTo(BEFORE_WORKSPACES);
  database = await emptyDatabase();
  await migrateDatabase(database, migrations);
  people.push(await seedPerson(database, 'Ada Lovelace'), await seedPerson(database, '  Grace Hopper '));
  await migrateDatabase(database);
}, 120_000);
afterAll(async () => {
  await database?.close();
  if (migrations) rmSync(migrations, { recursive: true, force: true });
});

const rowsOf = async (text: string, values: unknown[] = []) => (await database.executeSql(text, values)).rows;

describe('migration 0033 on a database with people and their records', () => {
  it('gives each person a workspace with their id and name, holding their mailbox default and keys', async () => {
    for (const person of people) {
      const [workspace] = await rowsOf(
        `select name, created_by, apollo_api_key, apollo_api_key_enabled, google_access_token,
           default_sender_account_id, default_send_as_email from workspaces where id = $1`,
        [person.id],
      );
      expect(workspace).toEqual({
        name: `${person.fullName.trim()}'s workspace`,
        created_by: person.id,
        apollo_api_key: `apollo-${person.id}`,
        apollo_api_key_enabled: false,
        google_access_token: `google-${person.id}`,
        default_sender_account_id: person.accountId,
        default_send_as_email: `alias-${person.id}@example.com`,
      });
      expect(
        await rowsOf('select user_id, role from workspace_members where workspace_id = $1', [person.id]),
      ).toEqual([{ user_id: person.id, role: 'owner' }]);
    }
    const userColumns = await rowsOf(
      `select column_name from information_schema.columns where table_name = 'users'
         and column_name in ('apollo_api_key', 'google_access_token', 'default_sender_account_id')`,
    );
    expect(userColumns).toEqual([]);
  });

  it("keeps every record in its person's workspace, and says the person made what they made", async () => {
    for (const person of people) {
      for (const [table, count] of Object.entries(OWNED)) {
        const [row] = await rowsOf(`select count(*)::int as n from ${table} where workspace_id = $1`, [
          person.id,
        ]);
        expect(row?.n, table).toBe(count);
      }
      for (const table of MADE_BY) {
        const [row] = await rowsOf(
          `select count(*)::int as n from ${table} where workspace_id = $1 and created_by is distinct from $1`,
          [person.id],
        );
        expect(row?.n, table).toBe(0);
      }
    }
    const [leftover] = await rowsOf(
      `select count(*)::int as n from information_schema.columns where table_schema = 'public' and column_name = 'user_id'
         and table_name not in ('user_sessions', 'password_reset_tokens', 'workspace_members')`,
    );
    expect(leftover?.n).toBe(0);
  });

  it('keeps the keys that include the owner: one setting per key and one revealed email per person a workspace', async () => {
    const [ada] = people;
    await database.executeSql(
      `insert into settings (workspace_id, key, value) values ($1, 'contacts', '{"maxContinuousNotOpens":5}')
         on conflict (workspace_id, key) do update set value = excluded.value`,
      [ada!.id],
    );
    expect(
      await rowsOf(`select value from settings where workspace_id = $1 and key = 'contacts'`, [ada!.id]),
    ).toEqual([{ value: { maxContinuousNotOpens: 5 } }]);
    await expect(
      database.executeSql(
        `insert into revealed_emails (workspace_id, apollo_id, email) values ($1, 'apollo-1', 'again@example.com')`,
        [ada!.id],
      ),
    ).rejects.toThrow(/revealed_emails_workspace_id_apollo_id_pk/);
  });

  it('keeps the contact counts adding up, and maintained after the move', async () => {
    const counts = async (id: string) =>
      rowsOf(
        `select status, sum(contacts)::int as n from contact_counts where workspace_id = $1 group by status
           having sum(contacts) <> 0 order by status`,
        [id],
      );
    for (const person of people)
      expect(await counts(person.id)).toEqual([
        { status: 'active', n: 2 },
        { status: 'unsubscribed', n: 1 },
      ]);
    const [ada] = people;
    await database.executeSql(`insert into contacts (workspace_id, email) values ($1, 'new@example.com')`, [
      ada!.id,
    ]);
    await database.executeSql(`delete from contacts where workspace_id = $1 and status = 'unsubscribed'`, [
      ada!.id,
    ]);
    expect(await counts(ada!.id)).toEqual([{ status: 'active', n: 3 }]);
    // They agree with the contacts themselves, in every workspace.
    const [drift] = await rowsOf(
      `select count(*)::int as n from (select workspace_id, status, coalesce(industry, '') as industry, count(*) as n
         from contacts group by 1, 2, 3) c full join (select * from contact_counts where contacts <> 0) cc
         using (workspace_id, status, industry) where c.n is distinct from cc.contacts`,
    );
    expect(drift?.n).toBe(0);
  });

  it('gives a person who signs up afterwards a workspace of their own', async () => {
    const [user] = await rowsOf(
      `insert into users (email, full_name, password_hash) values ($1, '', 'x') returning id`,
      [`late-${randomUUID()}@example.com`],
    );
    const id = user!.id as string;
    expect(await rowsOf('select name from workspaces where id = $1', [id])).toEqual([
      { name: expect.stringMatching(/^late-[0-9a-f-]+'s workspace$/) },
    ]);
    expect(await rowsOf('select user_id, role from workspace_members where workspace_id = $1', [id])).toEqual(
      [{ user_id: id, role: 'owner' }],
    );
  });
});
