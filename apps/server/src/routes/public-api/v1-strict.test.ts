import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toAnswer } from '../../http/error-handler';
import { jsonSchema } from './openapi-operation';
import { refuseUnknownFields, unknownFields } from './v1-strict';

const contact = z.object({
  email: z.string(),
  firstName: z.string().optional(),
  customFields: z.record(z.string(), z.string()).optional(),
  address: z.object({ city: z.string() }).nullable().optional(),
});
const batch = z.object({ contacts: z.array(contact).max(3), listId: z.string().optional() });

describe('unknownFields', () => {
  it('names each field the schema does not declare, nested ones by their path, with a lookalike', () => {
    expect(unknownFields(contact, { email: 'a@b.c', firstname: 'Ada' })).toEqual([
      { field: 'firstname', meant: 'firstName' },
    ]);
    expect(
      unknownFields(batch, { contacts: [{ email: 'a' }, { email: 'b', address: { town: 'x' } }] }),
    ).toEqual([{ field: 'contacts.1.address.town' }]);
  });

  it('lets records, catch-alls, optional wrappers and transforms through as declared', () => {
    expect(unknownFields(contact, { email: 'a', customFields: { anything: 'x' }, address: null })).toEqual(
      [],
    );
    expect(unknownFields(z.object({ a: z.string() }).catchall(z.string()), { b: 'x' })).toEqual([]);
    const piped = z.object({ on: z.string() }).transform(({ on }) => on === 'true');
    expect(unknownFields(piped.optional(), { on: 'true', off: 'x' })).toEqual([{ field: 'off' }]);
  });

  it('judges a union by the option that fits best', () => {
    const either = z.union([z.object({ text: z.string() }), z.object({ html: z.string() })]);
    expect(unknownFields(either, { html: '<p>x</p>' })).toEqual([]);
    expect(unknownFields(either, { html: 'x', subject: 'y' })).toEqual([{ field: 'subject' }]);
  });
});

describe('refuseUnknownFields', () => {
  it('is a 400 naming every unknown field, and takes nothing where nothing is declared', () => {
    try {
      refuseUnknownFields(contact, { email: 'a', firstname: 'Ada', nickname: 'A' }, 'body');
      expect.unreachable();
    } catch (error) {
      const answer = toAnswer(error);
      expect(answer.status).toBe(400);
      expect(answer).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Unknown field firstname (did you mean firstName?)',
        errors: [{ field: 'firstname' }, { field: 'nickname', message: 'Unknown field nickname' }],
      });
    }
    expect(() => refuseUnknownFields(undefined, { page: '2' }, 'query')).toThrow(
      'Unknown query parameter page',
    );
    expect(() => refuseUnknownFields(undefined, {}, 'query')).not.toThrow();
    expect(() => refuseUnknownFields(contact, { email: 'a' }, 'body')).not.toThrow();
  });

  it('is what the document says: request objects take no other field', () => {
    const schema = jsonSchema(batch, 'input') as {
      additionalProperties: boolean;
      properties: { contacts: { items: { additionalProperties: boolean; properties: object } } };
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.contacts.items.additionalProperties).toBe(false);
  });
});
