import type OpenAI from 'openai';
import { AppError } from '../app-error';
import {
  type DraftAnswerInput,
  type DraftAnswerOutput,
  draftSystemPrompt,
  draftUserPrompt,
} from './draft-prompt';

const DRAFT_UNAVAILABLE = 'The AI writer did not answer. Please try again.';

/** One streamed chat completion: chunks go to `onChunk` as they arrive; usage comes with the last one. */
export async function streamDraftAnswer(
  client: OpenAI,
  model: string,
  input: DraftAnswerInput,
  onChunk?: (chunk: string) => void,
): Promise<DraftAnswerOutput> {
  let text = '';
  let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
  try {
    const stream = await client.chat.completions.create({
      model,
      messages: [
        { role: 'system', content: draftSystemPrompt(input) },
        { role: 'user', content: draftUserPrompt(input) },
      ],
      temperature: 0.4,
      max_tokens: 700,
      stream: true,
      stream_options: { include_usage: true },
    });
    for await (const part of stream) {
      const chunk = part.choices[0]?.delta?.content ?? '';
      if (chunk) {
        text += chunk;
        onChunk?.(chunk);
      }
      if (part.usage) usage = part.usage;
    }
  } catch (error) {
    const failure = new AppError('UPSTREAM_ERROR', DRAFT_UNAVAILABLE);
    failure.cause = error;
    throw failure;
  }
  if (!text.trim()) throw new AppError('UPSTREAM_ERROR', DRAFT_UNAVAILABLE);
  return { text, promptTokens: usage?.prompt_tokens, completionTokens: usage?.completion_tokens };
}
