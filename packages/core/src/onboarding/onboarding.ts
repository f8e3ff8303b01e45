import { ONBOARDING_STEP_KEYS, type Onboarding, type OnboardingStepKey } from '@prospector/contracts';
import { contacts, gmailAccounts, sequences, settings, templates } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';

/** The settings row (key/value per user) that remembers the checklist was dismissed. */
const SETTINGS_KEY = 'onboarding';

type StepRow = Record<OnboardingStepKey, boolean> & { dismissed: boolean };

/**
 * GET /api/onboarding: each step is done when the user's data shows it (a connected mailbox, any contact,
 * any template, any launched sequence), read with one EXISTS per step so it stays cheap at any size.
 */
export async function getOnboarding(deps: CoreDeps, workspaceId: string): Promise<Onboarding> {
  const [row] = await queryRows<StepRow>(
    deps.db,
    sql`select
      exists (select 1 from ${gmailAccounts} where ${gmailAccounts.workspaceId} = ${workspaceId}
        and ${gmailAccounts.status} = 'connected') as "mailbox",
      exists (select 1 from ${contacts} where ${contacts.workspaceId} = ${workspaceId}) as "contacts",
      exists (select 1 from ${templates} where ${templates.workspaceId} = ${workspaceId}) as "template",
      exists (select 1 from ${sequences} where ${sequences.workspaceId} = ${workspaceId}
        and ${sequences.launchedAt} is not null) as "launch",
      exists (select 1 from ${settings} where ${settings.workspaceId} = ${workspaceId}
        and ${settings.key} = ${SETTINGS_KEY} and (${settings.value} ->> 'dismissed')::boolean) as "dismissed"`,
  );
  return {
    steps: ONBOARDING_STEP_KEYS.map((key) => ({ key, done: Boolean(row?.[key]) })),
    dismissed: Boolean(row?.dismissed),
  };
}

/** POST /api/onboarding/dismiss: the checklist stays hidden for this user, on every device. */
export async function dismissOnboarding(deps: CoreDeps, workspaceId: string): Promise<Onboarding> {
  const now = deps.clock.now();
  const value = { dismissed: true };
  await deps.db
    .insert(settings)
    .values({ workspaceId, key: SETTINGS_KEY, value, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [settings.workspaceId, settings.key], set: { value, updatedAt: now } });
  return getOnboarding(deps, workspaceId);
}
