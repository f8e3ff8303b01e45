import { type BuiltInLeadStatus, LEAD_STATUSES } from '@prospector/contracts';
import OpenAI from 'openai';
import { AppError } from '../app-error';
import type { AiWriter } from './ai-writer';
import { systemPrompt, userPrompt } from './ai-writer';
import { streamDraftAnswer } from './openai-draft-answer';

export interface OpenAiWriterSettings {
  /** Any OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  /** Local servers often need none; the SDK still wants a string. */
  apiKey: string | null;
  model: string;
  timeoutMs?: number;
}

export const AI_UNAVAILABLE = 'The AI writer did not answer. Please try again.';

/** The live writer: one chat completion through the openai SDK. The key stays on the server. */
export function createOpenAiWriter(settings: OpenAiWriterSettings): AiWriter {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey ?? 'not-needed',
    timeout: settings.timeoutMs ?? 60_000,
    maxRetries: 1,
  });
  return {
    mode: 'model',
    model: settings.model,
    async write(input) {
      let content: string | null | undefined;
      try {
        const completion = await client.chat.completions.create({
          model: settings.model,
          messages: [
            { role: 'system', content: systemPrompt(input) },
            { role: 'user', content: userPrompt(input) },
          ],
          temperature: 0.7,
          // Generous for the longest emails in any language, so the answer is not cut off mid-sentence.
          max_tokens: Math.max(512, input.wordCount * 4),
        });
        content = completion.choices[0]?.message?.content;
      } catch (error) {
        const failure = new AppError('UPSTREAM_ERROR', AI_UNAVAILABLE);
        failure.cause = error; // logged by the HTTP layer (5xx), never shown
        throw failure;
      }
      if (!content?.trim()) throw new AppError('UPSTREAM_ERROR', AI_UNAVAILABLE);
      return content;
    },
    draftAnswer: (input, onChunk) => streamDraftAnswer(client, settings.model, input, onChunk),
    async classifyReply(text) {
      const completion = await client.chat.completions.create({
        model: settings.model,
        messages: [
          { role: 'system', content: CLASSIFY_PROMPT },
          { role: 'user', content: text },
        ],
        temperature: 0,
        max_tokens: 120,
      });
      return parseClassification(completion.choices[0]?.message?.content ?? '');
    },
  };
}

const CLASSIFY_PROMPT = [
  'You sort replies to cold sales emails. Read the reply and answer with one line of JSON:',
  `{"status": one of ${LEAD_STATUSES.map((s) => `"${s}"`).join(', ')} or null, "reason": a short phrase quoting the reply}.`,
  'Use null when the reply does not clearly say one of them.',
].join('\n');

/** The model's JSON answer, or null when it is not one of the statuses. */
export function parseClassification(answer: string): { status: BuiltInLeadStatus; reason: string } | null {
  const json = /\{[\s\S]*\}/.exec(answer)?.[0];
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as { status?: unknown; reason?: unknown };
    if (!(LEAD_STATUSES as readonly unknown[]).includes(parsed.status)) return null;
    const reason = typeof parsed.reason === 'string' ? parsed.reason.slice(0, 200) : '';
    return {
      status: parsed.status as BuiltInLeadStatus,
      reason: `AI: ${reason || 'classified by the model'}`,
    };
  } catch {
    return null;
  }
}
