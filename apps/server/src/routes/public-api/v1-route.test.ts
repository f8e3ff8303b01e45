import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toAnswer } from '../../http/error-handler';
import { serialiseAnswer, type V1RouteDoc } from './v1-route';

const doc: V1RouteDoc = {
  method: 'GET',
  path: '/things/{id}',
  operationId: 'getThing',
  summary: 'Read a thing',
  tag: 'Things',
  scope: 'contacts:read',
  responses: { 200: z.object({ id: z.string(), at: z.string() }) },
};

describe('serialiseAnswer', () => {
  it('answers what the schema names, dates as ISO strings, and nothing else', () => {
    const answer = serialiseAnswer(doc, 200, { id: 'a', at: new Date('2026-01-02T03:04:05Z'), secret: 's' });
    expect(answer).toEqual({ id: 'a', at: '2026-01-02T03:04:05.000Z' });
  });

  it('makes an answer outside its schema, or an undeclared status, a 500 and never a 400', () => {
    const unfit = () => serialiseAnswer(doc, 200, { id: 1 });
    expect(unfit).toThrow('getThing answered outside its schema at id');
    expect(() => serialiseAnswer(doc, 201, { id: 'a', at: 'x' })).toThrow(
      'answered 201, which it does not declare',
    );
    try {
      unfit();
    } catch (error) {
      expect(toAnswer(error).status).toBe(500);
    }
  });
});
