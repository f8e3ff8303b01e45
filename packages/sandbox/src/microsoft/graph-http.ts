import { randomUUID } from 'node:crypto';
import { json, type SandboxRequest, type SandboxResponse } from '../google/http';

/**
 * Graph's documented error body: `{ error: { code, message, innerError: { date, request-id,
 * client-request-id } } }`.
 */
export function graphError(
  status: number,
  code: string,
  message: string,
  now: Date,
  headers?: Record<string, string>,
) {
  const requestId = randomUUID();
  const answer = json(status, {
    error: {
      code,
      message,
      innerError: {
        date: now.toISOString().slice(0, 19),
        'request-id': requestId,
        'client-request-id': requestId,
      },
    },
  });
  return { ...answer, headers: { 'request-id': requestId, ...headers } } satisfies SandboxResponse;
}

/**
 * Graph's request ids on every answer: `request-id` its own, `client-request-id` the one the client sent
 * (else the same as request-id), in the headers and in an error's innerError.
 */
export function withRequestIds(request: SandboxRequest, response: SandboxResponse): SandboxResponse {
  const requestId = response.headers?.['request-id'] ?? randomUUID();
  const sent = request.headers['client-request-id'];
  const clientRequestId = (Array.isArray(sent) ? sent[0] : sent) || requestId;
  const inner = (response.body as { error?: { innerError?: Record<string, string> } } | undefined)?.error
    ?.innerError;
  if (inner) inner['client-request-id'] = clientRequestId;
  return {
    ...response,
    headers: { ...response.headers, 'request-id': requestId, 'client-request-id': clientRequestId },
  };
}

/**
 * The identity platform's error body: `{ error, error_description: "AADSTS…: … Trace ID: … Timestamp: …",
 * error_codes, timestamp, trace_id, correlation_id }`.
 */
export function aadError(status: number, error: string, aadsts: number, text: string, now: Date) {
  const trace = randomUUID();
  const stamp = now.toISOString().replace('T', ' ').replace('Z', 'Z');
  return json(status, {
    error,
    error_description: `AADSTS${aadsts}: ${text} Trace ID: ${trace} Correlation ID: ${trace} Timestamp: ${stamp}`,
    error_codes: [aadsts],
    timestamp: stamp,
    trace_id: trace,
    correlation_id: trace,
  });
}
