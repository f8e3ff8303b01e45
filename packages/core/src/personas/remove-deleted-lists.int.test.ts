import {
  contacts,
  type Database,
  personaContacts,
  personas,
  postgresPools,
  removedPersonas,
  users,
} from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { contactMemberships } from '../contacts/contact-memberships';
import { SYSTEM_ACTOR } from '../workspaces/actor';
import { deletePersona } from './delete-persona';
import { isListGone } from './persona-store';
import { LIST_REMOVAL_JOB, removeDeletedLists } from './remove-deleted-lists';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const deps = () => ({ db: database.db, clock: createManualClock(new Date('2026-03-02T10:00:00Z')) });

function recordingQueue() {
  const sent: string[] = [];
  const send = async (name: string) => {
    sent.push(name);
    return 'job';
  };
  return { sent, send };
}

async function newUser() {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.com`, fullName: 'Lists', passwordHash: 'x' })
    .returning();
  return user!.id;
}

async function listWith(workspaceId: string, contactIds: string[]) {
  const [list] = await database.db
    .insert(personas)
    .values({ workspaceId, name: 'List', industry: 'Software', jobTitle: 'CTO', location: 'Berlin' })
    .returning();
  if (contactIds.length > 0) {
    await database.db
      .insert(personaContacts)
      .values(contactIds.map((contactId) => ({ personaId: list!.id, contactId, workspaceId })));
  }
  return list!.id;
}

async function newContacts(workspaceId: string, n: number) {
  const rows = await database.db
    .insert(contacts)
    .values(Array.from({ length: n }, () => ({ workspaceId, email: `${crypto.randomUUID()}@example.com` })))
    .returning({ id: contacts.id });
  return rows.map((row) => row.id);
}

const membersOf = async (personaId: string) =>
  (
    await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(personaContacts)
      .where(eq(personaContacts.personaId, personaId))
  )[0]!.n;

describe('deleting a list', () => {
  it('takes the list away at once and its memberships a batch at a time, nobody else’s', async () => {
    const me = await newUser();
    const other = await newUser();
    const mine = await newContacts(me, 5);
    const big = await listWith(me, mine);
    const exact = await listWith(me, mine.slice(0, 2));
    const kept = await listWith(me, mine.slice(0, 3));
    const theirs = await listWith(other, await newContacts(other, 2));
    const queue = recordingQueue();

    await deletePersona(deps(), queue, me, SYSTEM_ACTOR, big);
    await deletePersona(deps(), queue, me, SYSTEM_ACTOR, exact);
    expect(queue.sent).toEqual([LIST_REMOVAL_JOB, LIST_REMOVAL_JOB]);
    expect(await database.db.select().from(personas).where(eq(personas.id, big))).toEqual([]);
    // Until the worker's round, the memberships are there but no contact shows the list.
    expect(await membersOf(big)).toBe(5);
    const shown = await contactMemberships(database.db, mine[0]!);
    expect(shown.lists.map((list) => list.id)).toEqual([kept]);

    // Five members in batches of two (2, 2, 1), and two in one full batch then an empty one.
    expect(await removeDeletedLists({ db: database.db }, { batch: 2 })).toBe(7);
    expect([await membersOf(big), await membersOf(exact)]).toEqual([0, 0]);
    expect(await database.db.select().from(removedPersonas)).toEqual([]);
    expect([await membersOf(kept), await membersOf(theirs)]).toEqual([3, 2]);
    const [keptList] = await database.db.select().from(personas).where(eq(personas.id, kept));
    expect(keptList!.contactCount).toBe(3);
    expect(await removeDeletedLists({ db: database.db })).toBe(0);
  });

  it('refuses a membership for a list that is gone, as the foreign key did', async () => {
    const me = await newUser();
    const [contactId] = await newContacts(me, 1);
    const list = await listWith(me, []);
    await deletePersona(deps(), recordingQueue(), me, SYSTEM_ACTOR, list);
    const error = await database.db
      .insert(personaContacts)
      .values({ personaId: list, contactId: contactId!, workspaceId: me })
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    expect(isListGone(error)).toBe(true);
  });

  it("is another user's 404, and leaves that user's list as it was", async () => {
    const me = await newUser();
    const other = await newUser();
    const theirs = await listWith(other, await newContacts(other, 1));
    await expect(deletePersona(deps(), recordingQueue(), me, SYSTEM_ACTOR, theirs)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await membersOf(theirs)).toBe(1);
    expect(
      await database.db.select().from(removedPersonas).where(eq(removedPersonas.personaId, theirs)),
    ).toEqual([]);
  });
});

/** Until a session of this database waits for a lock (the deletion, behind the adding). */
async function waitingForALock() {
  for (let look = 0; look < 500; look += 1) {
    const { rows } = await database.executeSql(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      [],
    );
    if ((rows[0] as { n: number }).n > 0) return;
  }
  throw new Error('No session waited for a lock');
}

/** A user with one contact and an empty list, and a session of its own to add the contact in. */
async function anotherSession() {
  const me = await newUser();
  const [contactId] = await newContacts(me, 1);
  const list = await listWith(me, []);
  const client = await postgresPools.get(database.db)!.connect();
  const addMember = () =>
    client.query('insert into persona_contacts (persona_id, contact_id, workspace_id) values ($1, $2, $3)', [
      list,
      contactId,
      me,
    ]);
  return { me, list, client, addMember };
}

// Two sessions at once need PostgreSQL: PGlite has one.
describe.runIf(process.env.TEST_DATABASE_URL)('deleting a list while members are added', () => {
  it('waits for the members being added, and then removes them too', async () => {
    const { me, list, client, addMember } = await anotherSession();
    try {
      await client.query('begin');
      await addMember();
      let deleted = false;
      const deletion = deletePersona(deps(), recordingQueue(), me, SYSTEM_ACTOR, list).then(() => {
        deleted = true;
      });
      await waitingForALock();
      expect(deleted).toBe(false);
      await client.query('commit');
      await deletion;
    } finally {
      client.release();
    }
    expect(await membersOf(list)).toBe(1);
    expect(await removeDeletedLists({ db: database.db })).toBe(1);
    expect(await membersOf(list)).toBe(0);
  });

  it('refuses members added after the list is gone, even when the adding began first', async () => {
    const { me, list, client, addMember } = await anotherSession();
    try {
      await client.query('begin');
      await client.query('select id from personas where id = $1', [list]);
      await deletePersona(deps(), recordingQueue(), me, SYSTEM_ACTOR, list);
      const error = await addMember().then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(isListGone(error)).toBe(true);
    } finally {
      await client.query('rollback');
      client.release();
    }
    expect(await membersOf(list)).toBe(0);
  });
});
