import {
  type CoreDeps,
  createManualClock,
  LEAD_IMPORT_JOB,
  runLeadImportJob,
  SANDBOX_APOLLO_PATH,
} from '@prospector/core';
import { contacts, personaContacts } from '@prospector/db';
import { createSandboxApollo } from '@prospector/sandbox';
import { and, eq } from 'drizzle-orm';
import { createTestApp, testConfig } from '../../testing/test-app';
import { apolloSettings } from './apollo-settings';

/**
 * The app over a test database with its own sandbox Apollo (100,000 people), a manual clock and a sleep
 * that moves that clock (Apollo's Retry-After is waited out in test time). `runImports` runs the queued
 * lead imports as the worker would.
 */
export async function startLeadsApp(
  options: {
    sandbox?: boolean;
    requestsPerMinute?: number;
    requestsPerHour?: number;
    creditsPerKey?: number;
  } = {},
) {
  const clock = createManualClock(new Date('2025-05-01T09:00:00Z'));
  const config = testConfig({ sandbox: options.sandbox ?? true });
  const sandbox = config.sandbox
    ? createSandboxApollo({
        clock,
        baseUrl: `${config.appUrl}${SANDBOX_APOLLO_PATH}`,
        requestsPerMinute: options.requestsPerMinute ?? 1_000_000,
        requestsPerHour: options.requestsPerHour ?? 100_000_000,
        requestsPerDay: 1_000_000_000,
        creditsPerKey: options.creditsPerKey,
      })
    : undefined;
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    clock.advance(ms);
  };
  const t = await createTestApp({ clock, config, apollo: { sandbox, sleep } });
  const core: CoreDeps = {
    db: t.database.db,
    clock,
    appSecret: config.appSecret,
    apollo: { ...apolloSettings(config, sandbox), sleep },
  };
  return {
    ...t,
    clock,
    sandbox,
    core,
    sleeps,
    /** Runs (and removes) every queued lead import. */
    async runImports() {
      const queued = t.queue.jobs.splice(0);
      for (const job of queued) if (job.name === LEAD_IMPORT_JOB) await runLeadImportJob(core, job.data);
      return queued.length;
    },
    /** The contacts of a list, with their Apollo fields. */
    listContacts: (personaId: string) =>
      t.database.db
        .select({
          email: contacts.email,
          apolloId: contacts.apolloId,
          metadata: contacts.metadata,
          organization: contacts.organization,
          title: contacts.title,
          lastName: contacts.lastName,
          country: contacts.country,
        })
        .from(personaContacts)
        .innerJoin(contacts, eq(contacts.id, personaContacts.contactId))
        .where(and(eq(personaContacts.personaId, personaId))),
  };
}
export type LeadsApp = Awaited<ReturnType<typeof startLeadsApp>>;
