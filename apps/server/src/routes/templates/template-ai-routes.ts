import { aiGenerateSchema } from '@prospector/contracts';
import { aiWriterInfo, generateEmailContent } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { aiModelRate } from '../../plugins/ai-model-rate';
import { requireSession } from '../../plugins/session-cookie';
import { aiWriterFor } from './template-ai-writer';

/** The AI generator dialog: which writer answers, and generation. The API key stays on the server. */
export async function templateAiRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const writer = aiWriterFor(ctx.config);

  app.get('/api/templates/ai-writer', auth, async () => aiWriterInfo(writer));

  const generate = { preHandler: [requireSession(ctx.core), aiModelRate(ctx)] };

  app.post('/api/templates/ai-generate', generate, async (request) =>
    generateEmailContent(writer, parseBody(aiGenerateSchema, request.body)),
  );
}
