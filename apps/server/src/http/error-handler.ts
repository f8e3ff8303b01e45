import {
  APP_ERROR_CODES,
  type AppErrorCode,
  type FieldError,
  isAppError,
  isListGone,
  PERSONA_NOT_FOUND,
} from '@prospector/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { MESSAGES, statusForCode } from './error-status';

interface Answer {
  status: number;
  message: string;
  code: AppErrorCode;
  errors?: FieldError[];
  details?: Record<string, unknown>;
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
  if (isAppError(error)) {
    const answer = {
      status: statusForCode(error.code),
      message: error.message,
      code: error.code,
      ...(error.details && { details: error.details }),
    };
    return error.fields ? { ...answer, errors: error.fields } : answer;
  }
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
  if (isListGone(error)) return { status: 404, message: PERSONA_NOT_FOUND, code: APP_ERROR_CODES.notFound };
  const fileAnswer = staticFileAnswer(error);
  if (fileAnswer) return fileAnswer;
  return { status: 500, message: MESSAGES.internal, code: APP_ERROR_CODES.internal };
}

/**
 * The static-file sender refuses bad paths with an HTTP error of its own (400 for a NUL or bad encoding,
 * 403 for a path that climbs out of the web root). A refused file is simply not found.
 */
function staticFileAnswer(error: unknown): Answer | undefined {
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  if (expose !== true || typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (status === 400) return { status, message: MESSAGES.badPath, code: APP_ERROR_CODES.badRequest };
  return { status: 404, message: MESSAGES.notFound, code: APP_ERROR_CODES.notFound };
}

/**
 * Sends the answer itself and returns nothing: a returned answer is not sent for an error raised while a
 * plugin streams a reply (the static-file sender), and the connection would wait for the server's timeout.
 * (Returning the reply is no better: a reply is thenable, and Fastify would wait on it.)
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = toAnswer(error);
    if (answer.status >= 500) request.log.error({ err: error }, 'Request failed');
    reply.status(answer.status).type('application/json; charset=utf-8');
    const retryAfter = answer.details?.retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('retry-after', retryAfter);
    const body = { ...answer.details, message: answer.message, code: answer.code };
    reply.send(answer.errors ? { ...body, errors: answer.errors } : body);
  });
}

/** Errors the router raises before any route runs (a URL that does not decode), in the same shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const answer =
    error.code === 'FST_ERR_BAD_URL'
      ? { status: 400, message: MESSAGES.badPath, code: APP_ERROR_CODES.badRequest }
      : toAnswer(error);
  reply.status(answer.status).type('application/json; charset=utf-8');
  reply.send({ message: answer.message, code: answer.code });
}
