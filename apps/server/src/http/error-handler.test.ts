import { registerSchema } from '@prospector/contracts';
import { AppError } from '@prospector/core';
import { describe, expect, it } from 'vitest';
import { toAnswer } from './error-handler';
import { parseBody } from './parse-body';

describe('toAnswer: errors to statuses, in one place', () => {
  it('maps AppError codes', () => {
    expect(toAnswer(new AppError('DUPLICATE_EMAIL', 'taken'))).toEqual({
      status: 409,
      message: 'taken',
      code: 'DUPLICATE_EMAIL',
    });
    expect(toAnswer(new AppError('INVALID_TOKEN', 'x')).status).toBe(400);
    expect(toAnswer(new AppError('UNAUTHORIZED', 'x')).status).toBe(401);
    expect(toAnswer(new AppError('RATE_LIMITED', 'x')).status).toBe(429);
  });

  it('maps Fastify request errors, and hides everything else behind a 500', () => {
    const fastifyError = (code: string, statusCode: number) =>
      Object.assign(new Error('detail'), { code, statusCode });
    expect(toAnswer(fastifyError('FST_ERR_CTP_INVALID_JSON_BODY', 400)).message).toBe('Malformed JSON body');
    expect(toAnswer(fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413)).status).toBe(413);
    expect(toAnswer(fastifyError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415)).status).toBe(415);
    const secret = new Error('connection to 10.0.0.3 refused');
    expect(toAnswer(secret)).toEqual({ status: 500, message: 'Internal server error', code: 'INTERNAL' });
    expect(toAnswer(Object.assign(new Error('x'), { statusCode: 400 })).status).toBe(500);
  });

  it('answers a membership refused because its list was deleted meanwhile as the list not found', () => {
    const refused = Object.assign(new Error('The email list of a new membership does not exist'), {
      code: '23503',
      table: 'persona_contacts',
      column: 'persona_id',
    });
    const notFound = { status: 404, message: 'Email list not found', code: 'NOT_FOUND' };
    expect(toAnswer(refused)).toEqual(notFound);
    expect(toAnswer(Object.assign(new Error('Failed query'), { cause: refused }))).toEqual(notFound);
    const otherKey = Object.assign(new Error('fk'), { code: '23503', table: 'email_sends' });
    expect(toAnswer(otherKey).status).toBe(500);
  });
});

describe('parseBody', () => {
  it('keeps the contract (spec) messages and labels missing fields readably', () => {
    const message = (body: unknown) => {
      try {
        parseBody(registerSchema, body);
        return 'ok';
      } catch (error) {
        return (error as AppError).message;
      }
    };
    expect(message({ email: 'x', password: 'password-1', fullName: 'A' })).toBe('Invalid email address');
    expect(message({ email: 'a@b.co', password: 'password-1' })).toBe('Full name is required');
    expect(message({ email: 'a@b.co', password: 7, fullName: 'A' })).toBe('Password must be a string');
    expect(message(undefined)).toBe('Email is required');
    expect(message([1])).toBe('Request body must be a JSON object');
    expect(message({ email: 'A@B.co ', password: 'password-1', fullName: 'A' })).toBe('ok');
  });

  it('returns the parsed, normalised value', () => {
    expect(parseBody(registerSchema, { email: ' A@B.co ', password: 'password-1', fullName: ' A ' })).toEqual(
      {
        email: 'a@b.co',
        password: 'password-1',
        fullName: 'A',
      },
    );
  });
});
