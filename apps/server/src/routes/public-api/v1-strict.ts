import { AppError } from '@prospector/core';
import type { z } from 'zod';

/** A field the request sent that its operation does not know: where it is, and the one it may have meant. */
export interface UnknownField {
  field: string;
  meant?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object's declared field spelled like `key` but for case (`firstname` -> `firstName`). */
const lookalike = (known: readonly string[], key: string) =>
  known.find((name) => name.toLowerCase() === key.toLowerCase());

/**
 * Every field of `value` that `schema` does not declare, walking nested objects and arrays: zod's plain
 * objects drop such fields without a word, so a misspelt field would change nothing and answer 200. An
 * object that declares a catch-all, and a record, take any key. In a union, the option that fits best
 * (the fewest unknown fields) decides.
 */
export function unknownFields(schema: z.core.$ZodType, value: unknown, path = ''): UnknownField[] {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  const at = (key: string) => (path ? `${path}.${key}` : key);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return unknownFields(def.innerType, value, path);
    case 'pipe':
      return unknownFields(def.in, value, path);
    case 'lazy':
      return unknownFields(def.getter(), value, path);
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((item, index) => unknownFields(def.element, item, at(String(index))))
        : [];
    case 'union': {
      const fits = def.options.map((option) => unknownFields(option, value, path));
      return fits.reduce((best, fit) => (fit.length < best.length ? fit : best), fits[0] ?? []);
    }
    case 'intersection': {
      const right = new Set(unknownFields(def.right, value, path).map(({ field }) => field));
      return unknownFields(def.left, value, path).filter(({ field }) => right.has(field));
    }
    case 'object': {
      if (!isRecord(value)) return [];
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const known = Object.keys(shape);
      const open = def.catchall !== undefined && def.catchall._zod.def.type !== 'never';
      return Object.entries(value).flatMap(([key, field]): UnknownField[] => {
        const declared = shape[key];
        if (declared) return unknownFields(declared, field, at(key));
        if (open) return [];
        const meant = lookalike(known, key);
        return [{ field: at(key), ...(meant && { meant: at(meant) }) }];
      });
    }
    default:
      return [];
  }
}

const message = (where: 'body' | 'query', { field, meant }: UnknownField) =>
  `${where === 'query' ? 'Unknown query parameter' : 'Unknown field'} ${field}` +
  (meant ? ` (did you mean ${meant}?)` : '');

/**
 * Refuses a request that sends a field (`where: 'body'`) or query parameter (`'query'`) its operation does
 * not declare: a 400 VALIDATION_ERROR whose `errors` name each one. Without a schema, the operation takes
 * none at all. Every /api/v1 operation passes its body and query through this before its handler runs.
 */
export function refuseUnknownFields(
  schema: z.core.$ZodType | undefined,
  value: unknown,
  where: 'body' | 'query',
): void {
  const unknown = schema
    ? unknownFields(schema, value)
    : isRecord(value)
      ? Object.keys(value).map((field) => ({ field }))
      : [];
  if (unknown.length === 0) return;
  const fields = unknown.map((field) => ({ field: field.field, message: message(where, field) }));
  throw new AppError('VALIDATION_ERROR', fields[0]!.message, fields);
}

/**
 * For the document: every object of a request schema that takes no other field says so
 * (`additionalProperties: false`), as `refuseUnknownFields` enforces.
 */
export function closeObjects(ctx: {
  zodSchema: z.core.$ZodTypes;
  jsonSchema: Record<string, unknown>;
}): void {
  const def = ctx.zodSchema._zod.def;
  if (def.type !== 'object' || ctx.jsonSchema.additionalProperties !== undefined) return;
  if (def.catchall === undefined || def.catchall._zod.def.type === 'never')
    ctx.jsonSchema.additionalProperties = false;
}
