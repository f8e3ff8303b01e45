import { contacts, type Database, personas, postgresPools, users } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Two sessions at once need PostgreSQL: PGlite has one.
describe.runIf(process.env.TEST_DATABASE_URL)(
  'a member’s copy of its contact’s status, two transactions at once',
  () => {
    let database: Database;
    let pool: pg.Pool;
    let workspaceId: string;
    let listId: string;
    beforeAll(async () => {
      database = await createTestDatabase();
      pool = postgresPools.get(database.db)!;
      const [user] = await database.db
        .insert(users)
        .values({ email: `${crypto.randomUUID()}@example.com`, fullName: 'Copies', passwordHash: 'x' })
        .returning();
      workspaceId = user!.id;
      const [list] = await database.db
        .insert(personas)
        .values({ workspaceId, name: 'List', industry: 'Software', jobTitle: 'CTO', location: 'Berlin' })
        .returning();
      listId = list!.id;
    });
    afterAll(() => database?.close());

    async function newContact() {
      const [row] = await database.db
        .insert(contacts)
        .values({ workspaceId, email: `${crypto.randomUUID()}@example.com` })
        .returning({ id: contacts.id });
      return row!.id;
    }

    const addMember = (client: pg.PoolClient, contactId: string) =>
      client.query(
        'insert into persona_contacts (persona_id, contact_id, workspace_id) values ($1, $2, $3)',
        [listId, contactId, workspaceId],
      );

    const copiedStatus = async (contactId: string) =>
      (
        await pool.query(
          'select contact_status from persona_contacts where persona_id = $1 and contact_id = $2',
          [listId, contactId],
        )
      ).rows[0]?.contact_status;

    /** Resolves once the session `pid` waits for a row lock; fails if it never does. */
    async function waitsForLock(pid: number) {
      for (let i = 0; i < 500; i += 1) {
        const { rows } = await pool.query('select wait_event_type from pg_stat_activity where pid = $1', [
          pid,
        ]);
        if (rows[0]?.wait_event_type === 'Lock') return;
      }
      throw new Error(`session ${pid} never waited for a lock`);
    }

    async function twoSessions(run: (first: pg.PoolClient, second: pg.PoolClient) => Promise<void>) {
      const first = await pool.connect();
      const second = await pool.connect();
      try {
        await run(first, second);
      } finally {
        first.release();
        second.release();
      }
    }

    it('keeps a status change made while the member is being added', async () => {
      const contactId = await newContact();
      await twoSessions(async (adding, changing) => {
        await adding.query('begin');
        await addMember(adding, contactId);
        const pid = (await changing.query('select pg_backend_pid() as pid')).rows[0].pid;
        const change = changing.query('update contacts set unsubscribed = true where id = $1', [contactId]);
        await waitsForLock(pid);
        await adding.query('commit');
        await change;
      });
      expect(await copiedStatus(contactId)).toBe('unsubscribed');
    });

    it('reads a status change committed while the member waited to be added', async () => {
      const contactId = await newContact();
      await twoSessions(async (adding, changing) => {
        await changing.query('begin');
        await changing.query('update contacts set suppressed = true where id = $1', [contactId]);
        const pid = (await adding.query('select pg_backend_pid() as pid')).rows[0].pid;
        const add = addMember(adding, contactId);
        await waitsForLock(pid);
        await changing.query('commit');
        await add;
      });
      expect(await copiedStatus(contactId)).toBe('suppressed');
    });
  },
);
