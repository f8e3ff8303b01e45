import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomIp } from './test-app';

/** A browser stand-in: one client address and a cookie jar holding the session cookie. */
export function createClient(app: FastifyInstance, ip = randomIp()) {
  let sid: string | undefined;
  const request = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (sid && !headers.cookie) headers.cookie = `prospector_sid=${sid}`;
    const response = await app.inject({ remoteAddress: ip, ...options, headers });
    const cookie = response.cookies.find((c) => c.name === 'prospector_sid');
    if (cookie) sid = cookie.value || undefined;
    return response;
  };
  return {
    ip,
    get sid() {
      return sid;
    },
    set sid(value: string | undefined) {
      sid = value;
    },
    request,
    get: (url: string, headers: Record<string, string> = {}) => request({ method: 'GET', url, headers }),
    post: (url: string, body?: object, headers: Record<string, string> = {}) =>
      request({ method: 'POST', url, ...(body === undefined ? {} : { payload: body }), headers }),
  };
}
export type TestClient = ReturnType<typeof createClient>;

export const uniqueEmail = () => `user-${randomUUID()}@example.com`;

/** Registers a fresh user through the API; the client is then signed in. */
export async function signUp(client: TestClient, password = 'first-password-1') {
  const email = uniqueEmail();
  const response = await client.post('/api/auth/register', { email, password, fullName: 'Test User' });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { email, password, user: response.json() as { id: string; email: string } };
}
