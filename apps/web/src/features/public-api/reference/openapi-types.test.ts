import { describe, expect, it } from 'vitest';
import { entriesByTag, type OpenApiDocument, resolve, typeName } from './openapi-types';

const document: OpenApiDocument = {
  info: { title: 'Prospector API', version: '1.2.0' },
  tags: [{ name: 'Contacts' }, { name: 'Lists' }, { name: 'Webhook events' }],
  paths: {
    '/lists': { get: { summary: 'List lists', tags: ['Lists'] } },
    '/contacts': {
      get: { summary: 'List contacts', tags: ['Contacts'] },
      post: { summary: 'Create a contact', tags: ['Contacts'] },
    },
    '/health': { get: { summary: 'Untagged' } },
  },
  webhooks: { 'email.sent': { post: { summary: 'An email was sent', tags: ['Webhook events'] } } },
  components: {
    schemas: {
      Contact: { type: 'object', description: 'A person', properties: { email: { type: 'string' } } },
    },
  },
};

describe('entriesByTag', () => {
  it('groups operations and webhook events under their first tag, in the order of the tags', () => {
    const groups = entriesByTag(document);
    expect(groups.map((group) => [group.name, group.entries.map((e) => `${e.method} ${e.path}`)])).toEqual([
      ['Contacts', ['GET /contacts', 'POST /contacts']],
      ['Lists', ['GET /lists']],
      ['Webhook events', ['POST email.sent']],
      ['Other', ['GET /health']],
    ]);
    expect(groups[2]?.entries[0]?.webhook).toBe(true);
    expect(groups[0]?.entries[0]?.webhook).toBe(false);
  });
});

describe('typeName', () => {
  it('names references, enums, arrays, unions and formats', () => {
    expect(typeName(document, { $ref: '#/components/schemas/Contact' })).toBe('Contact');
    expect(typeName(document, { enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(typeName(document, { type: 'array', items: { $ref: '#/components/schemas/Contact' } })).toBe(
      'array of Contact',
    );
    expect(typeName(document, { type: ['string', 'null'] })).toBe('string | null');
    expect(typeName(document, { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] })).toBe(
      'string (uuid) | null',
    );
    expect(typeName(document, undefined)).toBe('any');
  });

  it('follows a reference into the components', () => {
    expect(resolve(document, { $ref: '#/components/schemas/Contact' })?.description).toBe('A person');
  });
});
