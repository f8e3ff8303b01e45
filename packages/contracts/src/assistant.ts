import { z } from 'zod';
import { AI_TONES, type AiLanguage, type AiTone } from './ai-writer';
import { tooLongMessage } from './text-limits';

// The Inbox's answer writer: what it knows ("about us", tone, a sequence's note), when it drafts on its
// own, and when (if ever) it may send without the user.

/** Lead statuses whose replies may get an automatic draft or be answered by auto-send; `question` is any reply asking something. */
export const ASSISTANT_STATUSES = ['interested', 'meeting_booked', 'question'] as const;
export type AssistantStatus = (typeof ASSISTANT_STATUSES)[number];

export const ASSISTANT_LIMITS = {
  about: 5000,
  sequenceNote: 2000,
  instruction: 500,
  maxDelayMinutes: 1440,
  maxDailyCap: 500,
} as const;

const statusList = z
  .array(
    z.enum(ASSISTANT_STATUSES, {
      error: `Statuses must be among ${ASSISTANT_STATUSES.join(', ')}`,
    }),
  )
  .max(ASSISTANT_STATUSES.length)
  .transform((list) => [...new Set(list)]);

/** GET|PUT /api/settings/assistant */
export const assistantSettingsSchema = z.object({
  about: z
    .string({ error: 'about must be text' })
    .max(ASSISTANT_LIMITS.about, tooLongMessage('About us', ASSISTANT_LIMITS.about))
    .default(''),
  tone: z.enum(AI_TONES, { error: `Tone must be one of ${AI_TONES.join(', ')}` }).default('professional'),
  autoDraftStatuses: statusList.default([]),
  autoSend: z
    .object({
      enabled: z.boolean({ error: 'autoSend.enabled must be true or false' }).default(false),
      statuses: statusList.default([]),
      delayMinutes: z
        .number({ error: 'The delay must be a number of minutes' })
        .int('The delay must be a whole number of minutes')
        .min(1, 'The delay must be at least 1 minute')
        .max(ASSISTANT_LIMITS.maxDelayMinutes, 'The delay must be at most 1440 minutes (a day)')
        .default(10),
      dailyCap: z
        .number({ error: 'The daily cap must be a number' })
        .int('The daily cap must be a whole number')
        .min(0, 'The daily cap cannot be negative')
        .max(ASSISTANT_LIMITS.maxDailyCap, `The daily cap must be at most ${ASSISTANT_LIMITS.maxDailyCap}`)
        .default(20),
    })
    .default({ enabled: false, statuses: [], delayMinutes: 10, dailyCap: 20 }),
});
export type AssistantSettingsInput = z.input<typeof assistantSettingsSchema>;
export interface AssistantSettings {
  about: string;
  tone: AiTone;
  autoDraftStatuses: AssistantStatus[];
  autoSend: { enabled: boolean; statuses: AssistantStatus[]; delayMinutes: number; dailyCap: number };
}

/** GET|PUT /api/sequences/{id}/assistant-note */
export const sequenceNoteSchema = z.object({
  note: z
    .string({ error: 'note must be text' })
    .max(ASSISTANT_LIMITS.sequenceNote, tooLongMessage('Note', ASSISTANT_LIMITS.sequenceNote)),
});

/** One-click changes to a draft, or the user's own words ("mention the pilot"). */
export const DRAFT_INSTRUCTIONS = ['shorten', 'more_formal', 'translate', 'regenerate'] as const;

/** POST /api/inbox/conversations/{id}/draft */
export const draftRequestSchema = z.object({
  instruction: z
    .string({ error: 'instruction must be text' })
    .trim()
    .max(ASSISTANT_LIMITS.instruction, tooLongMessage('Instruction', ASSISTANT_LIMITS.instruction))
    .optional()
    .transform((value) => value || undefined),
  /** Translate: the language to write in instead of the prospect's. */
  language: z.string().max(40, 'language must be one of the seven languages').optional(),
  /** Shorten / more formal: the text as the user edited it, which the change starts from. */
  text: z.string().max(10_000, tooLongMessage('Text', 10_000)).optional(),
});
export type DraftRequest = z.infer<typeof draftRequestSchema>;

/** The answer's draft: what the reply box receives, and what auto-send would send. */
export interface ConversationDraft {
  draftId: string;
  subject: string;
  text: string;
  html: string;
  language: AiLanguage;
  origin: 'user' | 'auto';
  model: string;
  promptVersion: string;
  durationMs: number;
  tokens: { prompt: number; completion: number };
  createdAt: string;
  /** When auto-send will send it unless cancelled; null when it waits for the user. */
  sendAt: string | null;
  /** Why auto-send will not send it (an address, link or price the writer was not given, ...). */
  refusedReason: string | null;
}

/** Everything the answer writer is given for one answer: this user's data only. */
export interface DraftAnswerInput {
  language: AiLanguage;
  tone: AiTone;
  /** The user's "about us" and the sequence's note. */
  about: string;
  sequenceNote: string;
  leadStatus: string | null;
  contact: {
    firstName: string | null;
    lastName: string | null;
    company: string | null;
    title: string | null;
  };
  subject: string;
  /** The user's own name, to sign with when "about us" gives no signature. */
  senderName?: string | null;
  /** The thread oldest first, quoted text and signatures removed. */
  thread: { from: 'prospect' | 'us'; text: string }[];
  /** A one-click change (shorten, more_formal, translate, regenerate) or the user's own words. */
  instruction?: string;
  /** The current draft that a change starts from. */
  base?: string;
}

export interface DraftAnswerOutput {
  text: string;
  promptTokens?: number;
  completionTokens?: number;
}
