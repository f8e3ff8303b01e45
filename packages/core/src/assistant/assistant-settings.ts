import type { AiTone, AssistantSettings, AssistantStatus } from '@prospector/contracts';
import { type AppDb, assistantSequenceNotes, assistantSettings, sequences } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { SEQUENCE_NOT_FOUND } from '../sequences/enroll-contacts';

export const DEFAULT_ASSISTANT_SETTINGS: AssistantSettings = {
  about: '',
  tone: 'professional',
  autoDraftStatuses: [],
  autoSend: { enabled: false, statuses: [], delayMinutes: 10, dailyCap: 20 },
};

type SettingsRow = typeof assistantSettings.$inferSelect;

const toSettings = (row: SettingsRow): AssistantSettings => ({
  about: row.about,
  tone: row.tone as AiTone,
  autoDraftStatuses: row.autoDraftStatuses as AssistantStatus[],
  autoSend: {
    enabled: row.autoSendEnabled,
    statuses: row.autoSendStatuses as AssistantStatus[],
    delayMinutes: row.autoSendDelayMinutes,
    dailyCap: row.autoSendDailyCap,
  },
});

/** GET /api/settings/assistant: the user's saved settings, or the defaults (auto-send off). */
export async function getAssistantSettings(db: AppDb, workspaceId: string): Promise<AssistantSettings> {
  const [row] = await db
    .select()
    .from(assistantSettings)
    .where(eq(assistantSettings.workspaceId, workspaceId));
  return row ? toSettings(row) : DEFAULT_ASSISTANT_SETTINGS;
}

/** PUT /api/settings/assistant */
export async function saveAssistantSettings(
  deps: CoreDeps,
  workspaceId: string,
  input: AssistantSettings,
): Promise<AssistantSettings> {
  const values = {
    about: input.about,
    tone: input.tone,
    autoDraftStatuses: input.autoDraftStatuses,
    autoSendEnabled: input.autoSend.enabled,
    autoSendStatuses: input.autoSend.statuses,
    autoSendDelayMinutes: input.autoSend.delayMinutes,
    autoSendDailyCap: input.autoSend.dailyCap,
    updatedAt: deps.clock.now(),
  };
  const [row] = await deps.db
    .insert(assistantSettings)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({ target: assistantSettings.workspaceId, set: values })
    .returning();
  return toSettings(row!);
}

async function ownSequence(db: AppDb, workspaceId: string, sequenceId: string) {
  const [row] = await db
    .select({ id: sequences.id })
    .from(sequences)
    .where(and(eq(sequences.workspaceId, workspaceId), eq(sequences.id, sequenceId)));
  if (!row) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
}

/** GET /api/sequences/{id}/assistant-note: what the writer adds to "about us" for this sequence's replies. */
export async function getSequenceNote(
  db: AppDb,
  workspaceId: string,
  sequenceId: string,
): Promise<{ note: string }> {
  await ownSequence(db, workspaceId, sequenceId);
  return { note: await sequenceNoteOf(db, workspaceId, sequenceId) };
}

export async function sequenceNoteOf(
  db: AppDb,
  workspaceId: string,
  sequenceId: string | null,
): Promise<string> {
  if (!sequenceId) return '';
  const [row] = await db
    .select({ note: assistantSequenceNotes.note })
    .from(assistantSequenceNotes)
    .where(
      and(
        eq(assistantSequenceNotes.workspaceId, workspaceId),
        eq(assistantSequenceNotes.sequenceId, sequenceId),
      ),
    );
  return row?.note ?? '';
}

/** PUT /api/sequences/{id}/assistant-note */
export async function saveSequenceNote(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
  note: string,
): Promise<{ note: string }> {
  await ownSequence(deps.db, workspaceId, sequenceId);
  const at = deps.clock.now();
  await deps.db
    .insert(assistantSequenceNotes)
    .values({ sequenceId, workspaceId, note, updatedAt: at })
    .onConflictDoUpdate({ target: assistantSequenceNotes.sequenceId, set: { note, updatedAt: at } });
  return { note };
}
