import { AI_LANGUAGES, type AiLanguage } from '@prospector/contracts';
import { detect } from 'tinyld';

/** ISO 639-1 codes tinyld answers for the writer's seven languages. */
const BY_CODE: Record<string, AiLanguage> = {
  en: 'English',
  vi: 'Vietnamese',
  ja: 'Japanese',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  zh: 'Chinese',
};
const ONLY = Object.keys(BY_CODE);

/**
 * The language a prospect wrote in, among the seven the writer speaks: detected from the text (tinyld's
 * models, which hold up on the short sentences replies are made of), never assumed from the contact or
 * the sequence; null when the text is too short to tell.
 */
export function detectLanguage(text: string): AiLanguage | null {
  return BY_CODE[detect(text, { only: ONLY })] ?? null;
}

export const isAiLanguage = (value: unknown): value is AiLanguage =>
  (AI_LANGUAGES as readonly unknown[]).includes(value);
