import { AppError } from '@prospector/core';
import { fieldLabel } from './field-label';

/**
 * Text no field may hold: NUL (PostgreSQL cannot store it), the other C0 controls except tab, line feed
 * and carriage return (invisible, and never typed by a person), and unpaired UTF-16 surrogates (they are
 * not Unicode and would be stored as U+FFFD, silently changing the text).
 */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the rule's purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'g');

export const forbiddenTextMessage = (field: string) => `${field} contains a character that is not allowed`;

type Path = (string | number)[];

function describe(path: Path, fallback: string): string {
  const name = path.findLast((part): part is string => typeof part === 'string');
  return name && name !== '*' ? fieldLabel(name) : fallback;
}

interface Step {
  key: string | number | undefined;
  parent: Step | undefined;
}

const pathOf = (step: Step | undefined): Path => {
  const path: Path = [];
  for (let at = step; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * Walks a parsed JSON value without recursion (a 1 MiB body can nest deeper than the call stack), keeping
 * only a link to each item's parent (copying paths would cost the square of the depth), and returns the
 * path of the first string (key or value) that holds forbidden text.
 */
export function findForbiddenText(value: unknown): Path | undefined {
  const stack: [unknown, Step][] = [[value, { key: undefined, parent: undefined }]];
  while (stack.length > 0) {
    const [current, step] = stack.pop() as [unknown, Step];
    if (typeof current === 'string') {
      if (FORBIDDEN.test(current)) return pathOf(step);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], { key: i, parent: step }]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const child = { key, parent: step };
        if (FORBIDDEN.test(key)) return pathOf(child);
        stack.push([item, child]);
      }
    }
  }
  return undefined;
}

/** Throws the 400 that names the field holding forbidden text, if any does. */
export function assertCleanText(value: unknown, fallback: string): void {
  const path = findForbiddenText(value);
  if (path) throw new AppError('VALIDATION_ERROR', forbiddenTextMessage(describe(path, fallback)));
}

const MAX_STRIP_DEPTH = 32;

/**
 * For bodies whose spec behaviour is "cleaned, not refused" (imported rows): forbidden text is removed.
 * Such bodies are shallow; one nested deeper than any row could be is refused rather than walked.
 */
export function stripForbiddenText<T>(value: T, depth = 0): T {
  if (depth > MAX_STRIP_DEPTH) throw new AppError('BAD_REQUEST', 'Request body is nested too deeply');
  if (typeof value === 'string') return value.replace(FORBIDDEN_ALL, '') as T;
  if (Array.isArray(value)) return value.map((item) => stripForbiddenText(item, depth + 1)) as T;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [
      key.replace(FORBIDDEN_ALL, ''),
      stripForbiddenText(item, depth + 1),
    ]);
    return Object.fromEntries(entries) as T;
  }
  return value;
}
