import type { FastifyInstance } from 'fastify';
import { createClient, signUp } from './test-client';

/** A signed-in test client with the JSON verbs the email list and contact routes use. */
export async function signedInClient(app: FastifyInstance) {
  const client = createClient(app);
  const { user } = await signUp(client);
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object) =>
    client.request({
      method,
      url,
      // As the browser's apiRequest does: writes always say JSON, even without a body (CSRF guard).
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: body }),
    });
  return {
    workspaceId: user.id,
    /** The session cookie's value, for a request sent over a real socket. */
    get sid() {
      return client.sid;
    },
    get: client.get,
    /** Any request, for bodies other than JSON (a CSV file). */
    request: client.request,
    post: (url: string, body?: object) => send('POST', url, body),
    put: (url: string, body: object) => send('PUT', url, body),
    patch: (url: string, body: object) => send('PATCH', url, body),
    delete: (url: string) => send('DELETE', url),
    /** Creates an email list and returns its id. */
    async list(name = 'CTOs in Berlin') {
      const response = await send('POST', '/api/personas', {
        name,
        industry: 'Software',
        jobTitle: 'CTO',
        location: 'Berlin',
      });
      if (response.statusCode !== 201)
        throw new Error(`create list: ${response.statusCode} ${response.body}`);
      return (response.json() as { id: string }).id;
    },
    /** Creates a contact (in a list, when given) and returns its id. */
    async contact(email: string, extra: Record<string, unknown> = {}) {
      const response = await send('POST', '/api/contacts', { email, ...extra });
      if (response.statusCode !== 201)
        throw new Error(`create contact: ${response.statusCode} ${response.body}`);
      return (response.json() as { id: string }).id;
    },
  };
}
export type SignedInClient = Awaited<ReturnType<typeof signedInClient>>;

export const emailOf = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
