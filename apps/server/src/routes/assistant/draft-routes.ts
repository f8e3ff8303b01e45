import { type ConversationDraft, draftRequestSchema } from '@prospector/contracts';
import {
  type AssistantDeps,
  CONVERSATION_NOT_FOUND,
  cancelAutoSend,
  discardDraft,
  draftConversationAnswer,
} from '@prospector/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { aiModelRate } from '../../plugins/ai-model-rate';
import { requireSession, signedIn } from '../../plugins/session-cookie';
import { aiWriterFor } from '../templates/template-ai-writer';

const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A server-sent event stream that opens at the writer's first words: anything that fails before them
 * (a 404, a 400, a writer that is not configured) is an ordinary error answer.
 */
function lazyStream(reply: FastifyReply) {
  let open = false;
  const start = () => {
    if (open) return;
    open = true;
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
  };
  return {
    get open() {
      return open;
    },
    chunk(text: string) {
      start();
      reply.raw.write(event('chunk', { text }));
    },
    end(name: 'draft' | 'error', data: unknown) {
      start();
      reply.raw.end(event(name, data));
    },
  };
}

/** The answer writer in a conversation: draft (streamed on request), throw away, stop an auto-send. */
export async function draftRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const deps: AssistantDeps = { ...ctx.core, aiWriter: aiWriterFor(ctx.config) };
  const conversationId = (request: FastifyRequest) => pathId(request, 'id', CONVERSATION_NOT_FOUND);

  const drafting = { preHandler: [requireSession(ctx.core), aiModelRate(ctx)] };

  app.post('/api/inbox/conversations/:id/draft', drafting, async (request, reply) => {
    const id = conversationId(request);
    const body = parseBody(draftRequestSchema, request.body ?? {});
    const workspaceId = signedIn(request).workspaceId;
    if (!wantsStream(request)) return draftConversationAnswer(deps, workspaceId, id, body);
    const stream = lazyStream(reply);
    let draft: ConversationDraft;
    try {
      draft = await draftConversationAnswer(deps, workspaceId, id, body, (text) => stream.chunk(text));
    } catch (error) {
      if (!stream.open) throw error;
      request.log.error({ err: error }, 'Drafting an answer failed');
      stream.end('error', { message: 'The AI writer did not answer. Please try again.' });
      return reply;
    }
    stream.end('draft', draft);
    return reply;
  });

  app.delete('/api/inbox/conversations/:id/draft', auth, async (request, reply) => {
    await discardDraft(ctx.core, signedIn(request).workspaceId, conversationId(request));
    reply.status(204);
  });

  app.post('/api/inbox/conversations/:id/draft/cancel-send', auth, async (request) =>
    cancelAutoSend(ctx.core, signedIn(request).workspaceId, conversationId(request)),
  );
}
