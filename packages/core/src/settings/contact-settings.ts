import { type ContactSettings, contactSettingsSchema, MAX_CONTINUOUS_NOT_OPENS } from '@prospector/contracts';
import { settings } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';

const KEY = 'contacts';
export const DEFAULT_CONTACT_SETTINGS: ContactSettings = {
  maxContinuousNotOpens: MAX_CONTINUOUS_NOT_OPENS.default,
  stopAllSequencesOnReply: true,
};

/** GET /api/settings/contacts: the stored value, or the defaults (a malformed stored value counts as none). */
export async function getContactSettings(deps: CoreDeps, workspaceId: string): Promise<ContactSettings> {
  const [row] = await deps.db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.workspaceId, workspaceId), eq(settings.key, KEY)))
    .limit(1);
  const parsed = contactSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_CONTACT_SETTINGS;
}

/** PUT /api/settings/contacts: one row per user and key, upserted. */
export async function saveContactSettings(
  deps: CoreDeps,
  workspaceId: string,
  input: ContactSettings,
): Promise<ContactSettings> {
  const now = deps.clock.now();
  const value = {
    maxContinuousNotOpens: input.maxContinuousNotOpens,
    stopAllSequencesOnReply: input.stopAllSequencesOnReply,
  };
  await deps.db
    .insert(settings)
    .values({ workspaceId, key: KEY, value, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [settings.workspaceId, settings.key], set: { value, updatedAt: now } });
  return value;
}
