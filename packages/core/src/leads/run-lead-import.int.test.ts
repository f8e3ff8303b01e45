import { type Lead, LOCKED_EMAIL_MARKER } from '@prospector/contracts';
import {
  contacts,
  type Database,
  personaContacts,
  personas,
  suppressions,
  users,
  webhookEndpoints,
  webhookEvents,
} from '@prospector/db';
import { createTestDatabase, membershipCopiesOutOfStep } from '@prospector/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import type { CoreDeps } from '../deps';
import type { PersonaRow } from '../personas/persona-store';
import type { ApolloClient } from './apollo-client';
import { givenLeadsSource } from './lead-sources';
import { runLeadImport } from './run-lead-import';

let database: Database;
let deps: CoreDeps;
beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, clock: createManualClock(new Date('2025-05-01T09:00:00Z')) };
});
afterAll(() => database?.close());

async function userWithList(): Promise<{ workspaceId: string; list: PersonaRow }> {
  const [user] = await deps.db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.com`, fullName: 'Leads', passwordHash: 'x' })
    .returning();
  const [list] = await deps.db
    .insert(personas)
    .values({
      workspaceId: user!.id,
      name: 'Leads',
      industry: 'Software',
      jobTitle: 'CTO',
      location: 'Berlin',
    })
    .returning();
  return { workspaceId: user!.id, list: list! };
}

/** A lead as Apollo's current search answers it: last name hidden, email locked. */
const searched = (n: number, email: string | null = LOCKED_EMAIL_MARKER): Lead => ({
  id: `person-${n}`,
  apolloId: `person-${n}`,
  name: `Ann${n} Le***e`,
  first_name: `Ann${n}`,
  last_name: 'Le***e',
  title: 'CTO',
  headline: null,
  email,
  linkedin_url: null,
  city: null,
  state: null,
  country: null,
  organization: {
    id: null,
    name: 'Vans',
    logo_url: null,
    website_url: null,
    primary_domain: null,
    industry: null,
    estimated_num_employees: null,
  },
});

/** Apollo's bulk_match: full records with the email, none for people listed in `without`. */
function scriptedApollo(without: Set<string> = new Set()) {
  const asked: string[][] = [];
  const client: ApolloClient = {
    searchPeople: async () => {
      throw new Error('not used');
    },
    matchPerson: async () => null,
    searchTags: async () => [],
    bulkMatch: async (ids) => {
      asked.push(ids);
      return ids.map((id) =>
        without.has(id)
          ? null
          : {
              ...searched(Number(id.split('-')[1])),
              last_name: 'Lemaire',
              name: `Ann${id.split('-')[1]} Lemaire`,
              city: 'Paris',
              email: `${id}@vans.example`,
              organization: { ...searched(0).organization!, industry: 'apparel & fashion' },
            },
      );
    },
  };
  return { client, asked };
}

describe('runLeadImport', () => {
  it('reveals ten at a time and keeps what the reveal returned (full last name, place, industry)', async () => {
    const { workspaceId, list } = await userWithList();
    const apollo = scriptedApollo(new Set(['person-3']));
    const leads = Array.from({ length: 23 }, (_, i) => searched(i + 1));
    const counts = await runLeadImport(deps, {
      workspaceId,
      personas: [list],
      source: givenLeadsSource([...leads, searched(30, null)]),
      apollo: async () => apollo.client,
      linkExisting: true,
    });
    expect(counts).toMatchObject({
      added: 22,
      revealed: 22,
      skippedNoEmail: 2,
      skippedDuplicates: 0,
      processed: 24,
    });
    expect(apollo.asked.map((ids) => ids.length)).toEqual([10, 10, 3]);
    const [saved] = await deps.db.select().from(contacts).where(eq(contacts.apolloId, 'person-1'));
    expect(saved).toMatchObject({
      email: 'person-1@vans.example',
      lastName: 'Lemaire',
      name: 'Ann1 Lemaire',
      city: 'Paris',
      organizationName: 'Vans',
      metadata: { source: 'apollo' },
      personaId: list.id,
      personaIndustry: 'Software',
    });
    expect(saved?.organization).toMatchObject({ name: 'Vans', industry: 'apparel & fashion' });
    const linked = await deps.db.select().from(personaContacts).where(eq(personaContacts.personaId, list.id));
    expect(linked).toHaveLength(22);
    expect(await membershipCopiesOutOfStep(database)).toBe(0);
  });

  it('tells the webhooks of each contact it creates, as the Leads Finder, and of none it only links', async () => {
    const { workspaceId, list } = await userWithList();
    await deps.db.insert(webhookEndpoints).values({
      workspaceId,
      url: 'https://hooks.example.com/crm',
      eventTypes: ['contact.created'],
      secret: 'whsec_test',
    });
    const run = (leads: Lead[]) =>
      runLeadImport(deps, {
        workspaceId,
        personas: [list],
        source: givenLeadsSource(leads),
        apollo: async () => scriptedApollo().client,
        linkExisting: true,
      });
    await run([searched(1), searched(2)]);
    await run([searched(2), searched(3)]);
    const events = await deps.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.workspaceId, workspaceId), eq(webhookEvents.type, 'contact.created')))
      .orderBy(webhookEvents.seq);
    expect(events.map((event) => event.data as { contact: { email: string }; source: string })).toEqual(
      ['person-1', 'person-2', 'person-3'].map((id) => ({
        contact: expect.objectContaining({ email: `${id}@vans.example` }),
        source: 'leads_finder',
      })),
    );
  });

  it('with a limit, reveals only as many as it adds and skips people the user already has', async () => {
    const { workspaceId, list } = await userWithList();
    const first = scriptedApollo();
    await runLeadImport(deps, {
      workspaceId,
      personas: [list],
      source: givenLeadsSource([searched(1), searched(2)]),
      apollo: async () => first.client,
      linkExisting: false,
    });
    const apollo = scriptedApollo();
    const counts = await runLeadImport(deps, {
      workspaceId,
      personas: [list],
      source: givenLeadsSource(Array.from({ length: 40 }, (_, i) => searched(i + 1))),
      apollo: async () => apollo.client,
      linkExisting: false,
      limit: 15,
    });
    expect(counts).toMatchObject({ added: 15, revealed: 15, skippedDuplicates: 2 });
    expect(apollo.asked.flat()).toHaveLength(15);
    expect(apollo.asked.flat()).not.toContain('person-1');
  });

  it('links a contact the user already has with its status, as the list filter reads it', async () => {
    const { workspaceId, list } = await userWithList();
    await deps.db.insert(contacts).values({
      workspaceId,
      email: 'person-2@vans.example',
      suppressed: true,
      createdAt: new Date('2025-01-01'),
    });
    const apollo = scriptedApollo();
    await runLeadImport(deps, {
      workspaceId,
      personas: [list],
      source: givenLeadsSource([searched(1), searched(2)]),
      apollo: async () => apollo.client,
      linkExisting: true,
    });
    const linked = await deps.db
      .select({ status: personaContacts.contactStatus, at: personaContacts.contactCreatedAt })
      .from(personaContacts)
      .where(eq(personaContacts.personaId, list.id))
      .orderBy(personaContacts.contactCreatedAt);
    expect(linked.map((l) => l.status)).toEqual(['suppressed', 'active']);
    expect(linked[0]?.at).toEqual(new Date('2025-01-01'));
    expect(await membershipCopiesOutOfStep(database)).toBe(0);
  });

  it('creates a found lead whose address is on the suppression list as the entry says (decision 046)', async () => {
    const { workspaceId, list } = await userWithList();
    const at = new Date('2025-04-01T08:00:00Z');
    await deps.db.insert(suppressions).values([
      {
        workspaceId,
        kind: 'address',
        value: 'person-1@vans.example',
        reason: 'unsubscribe',
        source: 'page',
        createdAt: at,
      },
      {
        workspaceId,
        kind: 'address',
        value: 'person-2@vans.example',
        reason: 'hard-bounce',
        source: 'bounce',
        createdAt: at,
      },
    ]);
    const apollo = scriptedApollo();
    await runLeadImport(deps, {
      workspaceId,
      personas: [list],
      source: givenLeadsSource([searched(1), searched(2), searched(3)]),
      apollo: async () => apollo.client,
      linkExisting: true,
    });
    const saved = await deps.db
      .select({
        email: contacts.email,
        unsubscribed: contacts.unsubscribed,
        unsubscribeSource: contacts.unsubscribeSource,
        unsubscribedAt: contacts.unsubscribedAt,
        hardBounced: contacts.hardBounced,
      })
      .from(contacts)
      .where(eq(contacts.workspaceId, workspaceId))
      .orderBy(contacts.email);
    expect(saved).toEqual([
      {
        email: 'person-1@vans.example',
        unsubscribed: true,
        unsubscribeSource: 'page',
        unsubscribedAt: at,
        hardBounced: false,
      },
      {
        email: 'person-2@vans.example',
        unsubscribed: false,
        unsubscribeSource: null,
        unsubscribedAt: null,
        hardBounced: true,
      },
      {
        email: 'person-3@vans.example',
        unsubscribed: false,
        unsubscribeSource: null,
        unsubscribedAt: null,
        hardBounced: false,
      },
    ]);
    expect(await membershipCopiesOutOfStep(database)).toBe(0);
  });
});
