export { AI_BUSY, AI_CALL_LIMITS, AI_CALLS_PER_USER, aiCalls } from './ai-calls';
export type { AiWriter } from './ai-writer';
export { AI_NOT_CONFIGURED, aiWriterInfo, generateEmailContent } from './generate-email-content';
export { AI_UNAVAILABLE, createOpenAiWriter, type OpenAiWriterSettings } from './openai-writer';
