import type { AiGenerateInput, BuiltInLeadStatus } from '@prospector/contracts';
import type { DraftAnswerInput, DraftAnswerOutput } from './draft-prompt';

/**
 * Whatever writes an email body from the generator dialog's input: an OpenAI-compatible model
 * (openai-writer.ts) or the built-in sandbox writer (packages/sandbox). The server picks one from its config.
 */
export interface AiWriter {
  mode: 'model' | 'sandbox';
  /** The model's name in 'model' mode. */
  model: string | null;
  /** The email body: HTML, or plain text that generateEmailContent turns into paragraphs. */
  write(input: AiGenerateInput): Promise<string>;
  /** What a prospect's reply says about them (the Inbox's lead status), or null when it says nothing clear. */
  classifyReply?(text: string): Promise<{ status: BuiltInLeadStatus | null; reason: string } | null>;
  /** The Inbox's answer to a conversation; `onChunk` receives the text as it is written. */
  draftAnswer?(input: DraftAnswerInput, onChunk?: (chunk: string) => void): Promise<DraftAnswerOutput>;
}

/** The instructions every model gets; the outline and subject go in the user message. */
export function systemPrompt(input: AiGenerateInput): string {
  return [
    'You write short, personal cold outreach emails for a sales team.',
    `Write the email in ${input.language}, in a ${input.tone} tone, about ${input.wordCount} words long.`,
    'Return only the body of the email as simple HTML: <p>, <br>, <ul>, <ol>, <li>, <strong>, <em> and <a>.',
    'No <html>, <head>, <body> or <style>, no subject line, no Markdown and no code fences.',
    'Open by greeting the recipient with the placeholder {{first_name|there}} exactly as written.',
    'Keep any other {{placeholders}} from the outline exactly as written. Do not invent facts, prices or names.',
  ].join('\n');
}

export function userPrompt(input: AiGenerateInput): string {
  return `Subject: ${input.subject}\n\nOutline:\n${input.outline}`;
}
