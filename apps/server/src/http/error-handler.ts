import { APP_ERROR_CODES, type AppErrorCode, isAppError } from '@prospector/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { MESSAGES, statusForCode } from './error-status';

interface Answer {
  status: number;
  message: string;
  code: AppErrorCode;
}

/** Fastify's own request errors that mean "your request is wrong", with the answer each gets. */
const FASTIFY_ERRORS: Record<string, Omit<Answer, 'status'>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: MESSAGES.malformedJson, code: APP_ERROR_CODES.badRequest },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: MESSAGES.malformedJson, code: APP_ERROR_CODES.badRequest },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: MESSAGES.tooLarge, code: APP_ERROR_CODES.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: MESSAGES.jsonOnly, code: APP_ERROR_CODES.unsupportedMediaType },
};

/** Every failure becomes `{ message, code }`; only AppErrors and request errors say what went wrong. */
export function toAnswer(error: unknown): Answer {
  if (isAppError(error))
    return { status: statusForCode(error.code), message: error.message, code: error.code };
  if (error instanceof ZodError) {
    const message = error.issues[0]?.message ?? 'Invalid request';
    return { status: 400, message, code: APP_ERROR_CODES.validation };
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return { ...known, status: statusForCode(known.code) };
  const status = fastifyError.statusCode;
  if (fastifyError.code?.startsWith('FST_') && status && status >= 400 && status < 500) {
    return { status, message: fastifyError.message ?? 'Bad request', code: APP_ERROR_CODES.badRequest };
  }
  return { status: 500, message: MESSAGES.internal, code: APP_ERROR_CODES.internal };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = toAnswer(error);
    if (answer.status >= 500) request.log.error({ err: error }, 'Request failed');
    reply.status(answer.status).type('application/json; charset=utf-8');
    return { message: answer.message, code: answer.code };
  });
}
