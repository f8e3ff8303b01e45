import { API_SCOPES, type ApiKeyCreated } from '@prospector/contracts';
import { pollReplies, runEngineRound } from '@prospector/core';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { engineUser } from '../../testing/engine-test-kit';
import type { MailboxApp } from '../../testing/gmail-test-kit';

const DOCUMENT_ID = 'https://prospector.test/api/v1/openapi.json';
const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

// biome-ignore lint/suspicious/noExplicitAny: the document is JSON, walked by path
type OpenApi = Record<string, any>;

/**
 * The OpenAPI document as a JSON Schema 2020-12 validator (Ajv with formats): any schema of it is found by
 * its JSON pointer, and its `$ref`s resolve within the document.
 */
export function documentValidator(document: OpenApi) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const check = (path: string, value: unknown) => {
    const validate = ajv.getSchema(`${DOCUMENT_ID}#/${path}`);
    if (!validate) throw new Error(`No schema at ${path}`);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
  return {
    /** What is wrong with an answer to `METHOD path` with this status; empty when it is as declared. */
    answerErrors(method: string, path: string, status: number, body: unknown): string[] {
      const responses = document.paths[path]?.[method.toLowerCase()]?.responses ?? {};
      if (!responses[String(status)]) return [`${status} is not declared`];
      return check(
        pointer(
          'paths',
          path,
          method.toLowerCase(),
          'responses',
          String(status),
          'content',
          'application/json',
          'schema',
        ),
        body,
      );
    },
    schemaErrors: (component: string, value: unknown) =>
      check(pointer('components', 'schemas', component), value),
    requestErrors: (method: string, path: string, body: unknown) =>
      check(
        pointer('paths', path, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema'),
        body,
      ),
  };
}

/**
 * A user with sent sequence emails (one opened, one replied to), an email list and an API key with every
 * scope, for calling each operation on real data.
 */
export async function seededApiUser(env: MailboxApp) {
  const u = await engineUser(env);
  const { sequence, people } = await u.launchOneStep(3);
  env.clock.set(new Date('2025-05-01T10:00:00Z'));
  await runEngineRound(u.deps);
  const sends = await u.sends(sequence.id);
  const first = sends.find((send) => send.contactId === people[0]!.id)!;
  env.clock.advance(5 * 60_000);
  await u.browser.post(`/api/sandbox/messages/${first.gmailMessageId}/open`);
  await env.app.openRecorder.flush();
  await u.browser.post(`/api/sandbox/messages/${first.gmailMessageId}/reply`, { text: 'Sounds good.' });
  await pollReplies(u.deps);
  const created = await u.browser.post('/api/api-keys', { name: 'Contract', scopes: API_SCOPES });
  if (created.status !== 201) throw new Error(`create key: ${created.status}`);
  const narrow = await u.browser.post('/api/api-keys', { name: 'Narrow', scopes: ['sends:read'] });
  return {
    user: u,
    sequence,
    people,
    sends,
    openedSend: first,
    key: created.json<ApiKeyCreated>().key,
    narrowKey: narrow.json<ApiKeyCreated>().key,
  };
}
