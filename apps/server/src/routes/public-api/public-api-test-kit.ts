import { API_SCOPES, type ApiKeyCreated, type ApiScope } from '@prospector/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type SignedInClient, signedInClient } from '../../testing/contact-test-kit';

export const ALL_SCOPES: ApiScope[] = [...API_SCOPES];

/** A signed-in user with an API key, and a client that calls /api/v1 with it. */
export async function apiUser(app: FastifyInstance, scopes: ApiScope[] = ALL_SCOPES) {
  const browser = await signedInClient(app);
  const created = await browser.post('/api/api-keys', { name: 'CRM sync', scopes });
  if (created.statusCode !== 201) throw new Error(`create key: ${created.statusCode} ${created.body}`);
  const key = created.json<ApiKeyCreated>();
  return { browser, key, api: apiClient(app, key.key) };
}

export function apiClient(app: FastifyInstance, key: string) {
  const call = (
    method: InjectOptions['method'],
    url: string,
    body?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${key}`, ...headers },
      ...(body === undefined ? {} : { payload: body }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: object, headers?: Record<string, string>) =>
      call('POST', url, body ?? {}, headers),
    patch: (url: string, body: object) => call('PATCH', url, body),
    delete: (url: string) => call('DELETE', url),
  };
}
export type ApiUser = Awaited<ReturnType<typeof apiUser>>;
export type { SignedInClient };
