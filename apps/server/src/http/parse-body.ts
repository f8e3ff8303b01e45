import { isCustomFieldLimitIssue } from '@prospector/contracts';
import { AppError, type AppErrorCode } from '@prospector/core';
import { z } from 'zod';
import { fieldLabel as label } from './field-label';

type Issue = { code: string; input?: unknown; path?: PropertyKey[]; expected?: unknown };

/** Used only where the contract has no message of its own; the contract's (the spec's) messages win. */
function fallbackMessage(issue: Issue): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  const field = issue.path?.at(-1);
  if (typeof field !== 'string') return 'Request body must be a JSON object';
  if (issue.input === undefined || issue.input === null) return `${label(field)} is required`;
  return `${label(field)} must be a ${String(issue.expected)}`;
}

/**
 * The code of a refused body, from its first problem: a broken custom field limit or key is a well-formed
 * request the rules refuse (422 INVALID_CUSTOM_FIELDS); anything else a 400 VALIDATION_ERROR.
 */
function codeOf(issues: readonly z.core.$ZodIssue[]): AppErrorCode {
  const first = issues[0];
  return first && isCustomFieldLimitIssue(first) ? 'INVALID_CUSTOM_FIELDS' : 'VALIDATION_ERROR';
}

/** Parses a request body with its contract (a zod or zod mini schema); the first problem is the answer. */
export function parseBody<T extends z.core.$ZodType>(schema: T, body: unknown): z.output<T> {
  const result = z.safeParse(schema, body ?? {}, { error: (issue) => fallbackMessage(issue as Issue) });
  if (result.success) return result.data;
  const { issues } = result.error;
  throw new AppError(codeOf(issues), issues[0]?.message ?? 'Invalid request');
}

/** parseBody for the public API: the error also lists every field that failed, with its message. */
export function parseFields<T extends z.core.$ZodType>(schema: T, body: unknown): z.output<T> {
  const result = z.safeParse(schema, body ?? {}, { error: (issue) => fallbackMessage(issue as Issue) });
  if (result.success) return result.data;
  const { issues } = result.error;
  const fields = issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw new AppError(codeOf(issues), fields[0]?.message ?? 'Invalid request', fields);
}
