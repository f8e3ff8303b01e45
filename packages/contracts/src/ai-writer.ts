import { z } from 'zod';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

// The AI generator dialog (spec sections 5, 7 and 9): POST /api/templates/ai-generate.

export const AI_LANGUAGES = [
  'English',
  'Vietnamese',
  'Japanese',
  'Spanish',
  'French',
  'German',
  'Chinese',
] as const;
export type AiLanguage = (typeof AI_LANGUAGES)[number];
export const AI_TONES = ['friendly', 'professional', 'playful', 'urgent', 'casual', 'formal'] as const;
export type AiTone = (typeof AI_TONES)[number];

export const AI_DEFAULT_LANGUAGE: AiLanguage = 'English';
export const AI_DEFAULT_TONE: AiTone = 'professional';
export const AI_WORD_COUNT = { min: 50, max: 1000, default: 200 } as const;
export const OUTLINE_REQUIRED = 'Please provide an outline for the email content';
const WORD_COUNT_RANGE = `Word count must be between ${AI_WORD_COUNT.min} and ${AI_WORD_COUNT.max}`;

export const aiGenerateSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(TEXT_LIMITS.subject, 'Subject is too long'),
  language: z
    .enum(AI_LANGUAGES, { error: `Language must be one of ${AI_LANGUAGES.join(', ')}` })
    .default(AI_DEFAULT_LANGUAGE),
  tone: z.enum(AI_TONES, { error: `Tone must be one of ${AI_TONES.join(', ')}` }).default(AI_DEFAULT_TONE),
  // Optional: missing or null means the default.
  wordCount: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .number({ error: WORD_COUNT_RANGE })
      .int(WORD_COUNT_RANGE)
      .min(AI_WORD_COUNT.min, WORD_COUNT_RANGE)
      .max(AI_WORD_COUNT.max, WORD_COUNT_RANGE)
      .default(AI_WORD_COUNT.default),
  ),
  outline: z
    .string({ error: OUTLINE_REQUIRED })
    .trim()
    .min(1, OUTLINE_REQUIRED)
    .max(TEXT_LIMITS.outline, tooLongMessage('Outline', TEXT_LIMITS.outline)),
});
export type AiGenerateInput = z.infer<typeof aiGenerateSchema>;

/** Which writer answers: an OpenAI-compatible model, the built-in sandbox writer, or none (SANDBOX=off). */
export type AiWriterMode = 'model' | 'sandbox' | 'off';

/** GET /api/templates/ai-writer: what the dialog tells the user about the writer. Never the key. */
export interface AiWriterInfo {
  mode: AiWriterMode;
  /** The model's name in 'model' mode. */
  model: string | null;
}

export interface AiGenerateResult {
  htmlBody: string;
  mode: Exclude<AiWriterMode, 'off'>;
}
