import { performance } from 'node:perf_hooks';
import type { AiLanguage, ConversationDraft, DraftRequest } from '@prospector/contracts';
import { inboxConversations, inboxDrafts } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { aiCalls } from '../ai-writer/ai-calls';
import type { AiWriter } from '../ai-writer/ai-writer';
import { DRAFT_PROMPT_VERSION, draftSystemPrompt, draftUserPrompt } from '../ai-writer/draft-prompt';
import { toEmailHtml } from '../ai-writer/email-html';
import { AI_NOT_CONFIGURED } from '../ai-writer/generate-email-content';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { withPrefix } from '../inbox/answer-conversation';
import { findConversation } from '../inbox/get-conversation';
import { isAiLanguage } from './detect-language';
import { type DraftContext, draftContext } from './draft-context';
import { type DraftRow, readyDraft, toConversationDraft } from './draft-view';

export interface AssistantDeps extends CoreDeps {
  aiWriter?: AiWriter | null;
}

export const NO_DRAFT = 'This conversation has no draft waiting';
export const UNKNOWN_LANGUAGE =
  'language must be one of English, Vietnamese, Japanese, Spanish, French, German, Chinese';

export interface WrittenDraft {
  row: DraftRow;
  context: DraftContext;
}

/**
 * Writes an answer for a conversation from its thread, contact, lead status and the user's "about us", in
 * the prospect's language (or the one a translation asks for), and keeps it as the conversation's one
 * waiting draft (replacing an earlier one). The writer's text is data: it is stored and shown, never run.
 */
export async function writeDraft(
  deps: AssistantDeps,
  workspaceId: string,
  conversationId: string,
  request: DraftRequest & { origin: 'user' | 'auto' },
  onChunk?: (chunk: string) => void,
): Promise<WrittenDraft> {
  const writer = deps.aiWriter;
  if (!writer?.draftAnswer) throw new AppError('NOT_CONFIGURED', AI_NOT_CONFIGURED);
  const draftAnswer = writer.draftAnswer.bind(writer);
  if (request.language !== undefined && !isAiLanguage(request.language)) {
    throw new AppError('VALIDATION_ERROR', UNKNOWN_LANGUAGE);
  }
  const context = await draftContext(deps.db, workspaceId, conversationId);
  const previous = await readyDraft(deps.db, context.conversation.id);
  const input = {
    ...context.input,
    language: (request.language as AiLanguage | undefined) ?? context.prospectLanguage,
    instruction: request.instruction,
    base: request.text ?? previous?.text,
  };
  const started = performance.now();
  // An automatic draft waits for its turn rather than being refused: the reply it answers is read once.
  const output = await aiCalls.run(() => draftAnswer(input, onChunk), {
    patient: request.origin === 'auto',
  });
  const durationMs = Math.round(performance.now() - started);
  const text = output.text.trim();
  // The tokenizer's vocabulary is about 20 MB of heap: loaded with the first draft, not at start-up.
  const { countTokens } = await import('gpt-tokenizer');
  const values = {
    workspaceId,
    conversationId: context.conversation.id,
    origin: request.origin,
    instruction: request.instruction ?? null,
    subject: withPrefix('Re', context.conversation.subject),
    textBody: text,
    htmlBody: toEmailHtml(text),
    language: input.language,
    model: writer.model ?? 'sandbox',
    promptVersion: DRAFT_PROMPT_VERSION,
    durationMs,
    promptTokens:
      output.promptTokens ?? countTokens(`${draftSystemPrompt(input)}\n${draftUserPrompt(input)}`),
    completionTokens: output.completionTokens ?? countTokens(text),
  };
  const at = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    // One waiting draft per conversation, even when two are asked for at once.
    await tx.execute(
      sql`select id from ${inboxConversations} where ${inboxConversations.id} = ${context.conversation.id} for update`,
    );
    await tx
      .update(inboxDrafts)
      .set({ status: 'replaced', updatedAt: at })
      .where(and(eq(inboxDrafts.conversationId, context.conversation.id), eq(inboxDrafts.status, 'ready')));
    const [inserted] = await tx
      .insert(inboxDrafts)
      .values({ ...values, createdAt: at, updatedAt: at })
      .returning();
    return inserted!;
  });
  return { row, context };
}

/** POST /api/inbox/conversations/{id}/draft */
export async function draftConversationAnswer(
  deps: AssistantDeps,
  workspaceId: string,
  conversationId: string,
  request: DraftRequest,
  onChunk?: (chunk: string) => void,
): Promise<ConversationDraft> {
  const { row } = await writeDraft(
    deps,
    workspaceId,
    conversationId,
    { ...request, origin: 'user' },
    onChunk,
  );
  return toConversationDraft(row);
}

/** DELETE /api/inbox/conversations/{id}/draft: the draft is thrown away (and will not be auto-sent). */
export async function discardDraft(
  deps: CoreDeps,
  workspaceId: string,
  conversationId: string,
): Promise<void> {
  const conversation = await findConversation(deps.db, workspaceId, conversationId);
  const closed = await deps.db
    .update(inboxDrafts)
    .set({ status: 'discarded', updatedAt: deps.clock.now() })
    .where(and(eq(inboxDrafts.conversationId, conversation.id), eq(inboxDrafts.status, 'ready')))
    .returning({ id: inboxDrafts.id });
  if (!closed.length) throw new AppError('NOT_FOUND', NO_DRAFT);
}
