import type { SandboxRequest, SandboxResponse } from '../google/http';

/**
 * A fetch that answers requests below `base` (e.g. `http://localhost:3000/sandbox/apollo`) from a sandbox
 * Apollo in process — the same requests and answers as over HTTP, without a socket — and hands any other
 * URL to `fallback` (the global fetch unless given).
 */
export function inProcessApolloFetch(
  sandbox: { handle(request: SandboxRequest): SandboxResponse },
  base: string,
  fallback: typeof fetch = fetch,
): typeof fetch {
  const mountPath = new URL(base).pathname.replace(/\/+$/, '');
  const prefix = `${base.replace(/\/+$/, '')}/`;
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.href.startsWith(prefix)) return fallback(input, init);
    const text = typeof init?.body === 'string' ? init.body : '';
    const answer = sandbox.handle({
      method: init?.method ?? 'GET',
      path: url.pathname.slice(mountPath.length),
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: text ? JSON.parse(text) : undefined,
    });
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
    return new Response(body, {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
}
