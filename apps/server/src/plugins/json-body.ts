import type { FastifyInstance } from 'fastify';

/**
 * JSON is the only body the API accepts (any other type is a 415). An empty JSON body counts as no body,
 * so a bodyless POST such as logout works whether or not the client sets the header. Prototype-poisoning
 * keys are refused by Fastify's own parser.
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
    parseJson(request, text, done);
  });
}
