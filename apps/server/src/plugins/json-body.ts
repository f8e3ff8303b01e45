import { BODY_TOO_DEEP, jsonTextDepth, MAX_BODY_DEPTH } from '@prospector/contracts';
import { AppError } from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertCleanText, stripForbiddenText } from '../http/text-guard';

/**
 * How a route treats control characters and broken Unicode in its body, path and query (`config.text`):
 * refused with a 400 naming the field (the default), or removed where the spec's behaviour is to clean
 * input (imported rows) or always to answer (the open pixel and the unsubscribe links in sent emails).
 */
export type TextPolicy = 'refuse' | 'strip';

declare module 'fastify' {
  interface FastifyContextConfig {
    text?: TextPolicy;
  }
}

const policyOf = (request: FastifyRequest): TextPolicy => request.routeOptions.config?.text ?? 'refuse';

/**
 * JSON is the only body the API accepts (any other type is a 415). An empty JSON body counts as no body,
 * so a bodyless POST such as logout works whether or not the client sets the header. Prototype-poisoning
 * keys are refused by Fastify's own parser. Every string in the body, and in the query and path, passes
 * the one text rule (`text-guard.ts`) before a handler sees it.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // Refused before parsing: nesting past any field's need would only reach code that recurses.
    if (jsonTextDepth(text) > MAX_BODY_DEPTH) {
      done(new AppError('BAD_REQUEST', BODY_TOO_DEEP));
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) return done(error);
      try {
        if (policyOf(request) === 'strip') return done(null, stripForbiddenText(value));
        assertCleanText(value, 'The request body');
        done(null, value);
      } catch (refused) {
        done(refused as Error);
      }
    });
  });
  app.addHook('preValidation', async (request) => {
    if (policyOf(request) === 'strip') {
      request.params = stripForbiddenText(request.params);
      request.query = stripForbiddenText(request.query);
      return;
    }
    assertCleanText(request.params, 'The path');
    assertCleanText(request.query, 'The query');
  });
}
