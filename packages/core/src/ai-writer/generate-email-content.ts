import type { AiGenerateInput, AiGenerateResult, AiWriterInfo } from '@prospector/contracts';
import { AppError } from '../app-error';
import { aiCalls } from './ai-calls';
import type { AiWriter } from './ai-writer';
import { toEmailHtml } from './email-html';
import { AI_UNAVAILABLE } from './openai-writer';

export const AI_NOT_CONFIGURED =
  'The AI writer is not configured. Set AI_BASE_URL, AI_API_KEY and AI_MODEL, or turn SANDBOX on.';

/** GET /api/templates/ai-writer: which writer answers. */
export function aiWriterInfo(writer: AiWriter | null): AiWriterInfo {
  return writer ? { mode: writer.mode, model: writer.model } : { mode: 'off', model: null };
}

/** POST /api/templates/ai-generate: an email body from the subject, language, tone, length and outline. */
export async function generateEmailContent(
  writer: AiWriter | null,
  input: AiGenerateInput,
): Promise<AiGenerateResult> {
  if (!writer) throw new AppError('NOT_CONFIGURED', AI_NOT_CONFIGURED);
  const htmlBody = toEmailHtml(await aiCalls.run(() => writer.write(input)));
  if (!htmlBody) throw new AppError('UPSTREAM_ERROR', AI_UNAVAILABLE);
  return { htmlBody, mode: writer.mode };
}
