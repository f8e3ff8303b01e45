import { type AiWriter, createOpenAiWriter } from '@prospector/core';
import { createSandboxAiWriter } from '@prospector/sandbox';
import type { AppConfig } from '../../config';

/**
 * The AI writer this deployment uses: the configured OpenAI-compatible API, else the sandbox writer when
 * SANDBOX is on, else none (generation answers 503).
 */
export function aiWriterFor(config: Pick<AppConfig, 'ai' | 'sandbox'>): AiWriter | null {
  if (config.ai) return createOpenAiWriter(config.ai);
  if (config.sandbox) return createSandboxAiWriter();
  return null;
}
