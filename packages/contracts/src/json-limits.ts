import { z } from 'zod';

/** Deepest nesting any JSON request body may have; free-form fields have tighter caps of their own. */
export const MAX_BODY_DEPTH = 64;
export const BODY_TOO_DEEP = `Request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`;

/** Caps of the free-form JSON fields stored as they come (jsonb): depth and serialized size. */
export const FREE_JSON_LIMITS = {
  /** A contact's `metadata`: a few levels of the caller's own keys. */
  contactMetadata: { depth: 8, bytes: 32 * 1024 },
  /** The email builder's project data: nested components, as large as a body may be. */
  builderJson: { depth: MAX_BODY_DEPTH, bytes: 1024 * 1024 },
} as const;

/**
 * How deep a value nests (a scalar is 0, `{}` and `[]` are 1), counted without recursion so that no
 * input can overflow the stack; stops counting once past `limit`.
 */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** How deep a JSON text nests, read from its brackets (strings skipped) before anything parses it. */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

/**
 * A free-form JSON object field, refused with its label and the limit it broke when it nests deeper or
 * serializes larger than allowed (the database's JSON encoder must never see what it cannot handle).
 */
export function boundedJsonObject(label: string, limits: { depth: number; bytes: number }) {
  return z
    .record(z.string(), z.unknown(), { error: `${label} must be a JSON object` })
    .superRefine((value, ctx) => {
      if (jsonDepth(value, limits.depth) > limits.depth) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} is nested too deeply (at most ${limits.depth} levels)`,
        });
        return;
      }
      if (new TextEncoder().encode(JSON.stringify(value)).length > limits.bytes)
        ctx.addIssue({
          code: 'custom',
          message: `${label} is too large (at most ${Math.round(limits.bytes / 1024)} KiB)`,
        });
    });
}
