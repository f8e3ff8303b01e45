import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp();
});
afterAll(() => env?.close());

/**
 * Every route the server answers under /api/v1, as `METHOD /path` with OpenAPI-style parameters, read from
 * Fastify's route tree (each line holds one segment, indented under its parent).
 */
function servedV1Routes(env: TestApp): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of env.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^([│\s├└─]*?)(?:[├└]── )(\S+)(?: \(([^)]+)\))?$/u);
    if (!match) continue;
    const depth = Math.round([...match[1]!].length / 4);
    stack.length = depth;
    stack.push(match[2]!);
    const full = stack.join('');
    if (!match[3] || !full.startsWith('/api/v1/')) continue;
    const path = full.replace('/api/v1', '').replace(/:(\w+)/g, '{$1}');
    if (path === '/openapi.json') continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes.sort();
}

describe('/api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, served without a key, that lists every v1 route', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');

    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const served = servedV1Routes(env);
    expect(served.length).toBeGreaterThanOrEqual(18);
    expect(documented).toEqual(served);
  });

  it('describes request bodies from the contracts, and the Idempotency-Key on every POST', async () => {
    const document = (await env.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const create = document.paths['/contacts'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['email']);
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['email', 'firstName', 'tags']));
    for (const operations of Object.values(
      document.paths as Record<string, Record<string, { parameters: { $ref?: string }[] }>>,
    )) {
      if (operations.post)
        expect(operations.post.parameters.map((p) => p.$ref)).toContain(
          '#/components/parameters/IdempotencyKey',
        );
    }
    expect(document.components.parameters.IdempotencyKey.name).toBe('Idempotency-Key');
    expect(document.paths['/contacts'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'cursor',
      'limit',
      'email',
      'updatedSince',
    ]);
  });

  it("passes Redocly's recommended rules without a warning", async () => {
    const document = (await env.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    // The rules ask for a server that is not localhost: the document names APP_URL's, a real one in use.
    document.servers = [{ url: 'https://prospector.acme.test/api/v1' }];
    const file = join(mkdtempSync(join(tmpdir(), 'prospector-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', '--extends=recommended', '--format=json', file],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    const report = JSON.parse(stdout) as { totals: object; problems: { message: string }[] };
    expect(report.problems.map((problem) => problem.message)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
