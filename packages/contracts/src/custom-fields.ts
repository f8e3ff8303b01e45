import { z } from 'zod';
import { isBuiltInVariable, SPINTAX_KEYWORD } from './template-variables';

// A contact's custom fields: free string values under keys that are template variables ({{icebreaker}}).
export const CUSTOM_FIELD_LIMITS = { keyLength: 40, keys: 50, valueLength: 2000 } as const;
export const CUSTOM_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

export const customFieldKeyMessage = (key: string) =>
  `Custom field key "${key}" must start with a letter and hold only lower-case letters, digits and _`;
export const customFieldKeyTooLong = (key: string) =>
  `Custom field key "${key}" is too long (at most ${CUSTOM_FIELD_LIMITS.keyLength} characters)`;
export const customFieldShadows = (key: string) =>
  `Custom field key "${key}" is a built-in variable: {{${key}}} already has a value`;
export const customFieldObjectName = (key: string) =>
  `Custom field key "${key}" is a name the app's code already uses for every record; choose another, such as "${key}_note"`;
export const TOO_MANY_CUSTOM_FIELDS = `At most ${CUSTOM_FIELD_LIMITS.keys} custom fields a contact`;
export const customFieldValueTooLong = (key: string) =>
  `Custom field "${key}" is too long (at most ${CUSTOM_FIELD_LIMITS.valueLength} characters)`;
export const CUSTOM_FIELD_VALUE_TEXT = 'Custom field values must be text';

/** Why a key cannot name a custom field, or null when it can. */
export function customFieldKeyProblem(key: string): string | null {
  if (key.length > CUSTOM_FIELD_LIMITS.keyLength) return customFieldKeyTooLong(key);
  if (!CUSTOM_FIELD_KEY_PATTERN.test(key)) return customFieldKeyMessage(key);
  if (isBuiltInVariable(key) || key === SPINTAX_KEYWORD) return customFieldShadows(key);
  if (key in Object.prototype) return customFieldObjectName(key);
  return null;
}

/** Marks the issues of a broken custom field limit or key, which the API answers with 422. */
export const CUSTOM_FIELD_LIMIT_PARAMS = { customFieldLimit: true } as const;

/** Whether a validation issue is a broken custom field limit or key (rather than a malformed body). */
export function isCustomFieldLimitIssue(issue: { code: string; params?: unknown }): boolean {
  const params = issue.params as { customFieldLimit?: unknown } | undefined;
  return issue.code === 'custom' && params?.customFieldLimit === true;
}

/**
 * `customFields` on create, update and import: a map of trimmed text values; an empty value removes the
 * key. Every limit is refused with a message naming it.
 */
export const customFieldsSchema = z
  .record(z.string(), z.string({ error: CUSTOM_FIELD_VALUE_TEXT }).nullable(), {
    error: 'Custom fields must be an object of text values',
  })
  .superRefine((fields, ctx) => {
    const keys = Object.keys(fields);
    if (keys.length > CUSTOM_FIELD_LIMITS.keys)
      ctx.addIssue({ code: 'custom', message: TOO_MANY_CUSTOM_FIELDS, params: CUSTOM_FIELD_LIMIT_PARAMS });
    for (const key of keys) {
      const problem = customFieldKeyProblem(key);
      const params = CUSTOM_FIELD_LIMIT_PARAMS;
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [key], params });
      else if ((fields[key] ?? '').trim().length > CUSTOM_FIELD_LIMITS.valueLength) {
        ctx.addIssue({ code: 'custom', message: customFieldValueTooLong(key), path: [key], params });
      }
    }
  })
  .transform((fields) => {
    const kept: Record<string, string> = {};
    for (const [key, value] of Object.entries(fields)) {
      const trimmed = (value ?? '').trim();
      if (trimmed) kept[key] = trimmed;
    }
    return kept;
  });
export type CustomFields = Record<string, string>;

/**
 * The custom field key a CSV header becomes: accents folded, lower case, other characters as '_'
 * ("Pain Point" -> pain_point, "Société" -> societe). A header that would shadow a built-in variable or
 * starts with a digit is prefixed with "csv_"; null when nothing usable is left.
 */
export function customFieldKeyFromHeader(header: string): string | null {
  const folded = header
    .replace(/^\uFEFF/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!folded) return null;
  const key = /^[a-z]/.test(folded) && customFieldKeyProblem(folded) === null ? folded : `csv_${folded}`;
  return key.slice(0, CUSTOM_FIELD_LIMITS.keyLength).replace(/_+$/, '');
}

/** A CSV column that maps to no contact field: imported as the custom field `key`. */
export interface CustomColumn {
  index: number;
  header: string;
  key: string;
}

/**
 * The columns of a CSV that become custom fields: every column `isMapped` says no contact field takes,
 * keyed by customFieldKeyFromHeader; a key already taken gets _2, _3... At most CUSTOM_FIELD_LIMITS.keys.
 */
export function customColumnsOf(
  headers: readonly string[],
  isMapped: (header: string) => boolean,
): CustomColumn[] {
  const columns: CustomColumn[] = [];
  const taken = new Set<string>();
  headers.forEach((header, index) => {
    if (isMapped(header) || columns.length >= CUSTOM_FIELD_LIMITS.keys) return;
    const base = customFieldKeyFromHeader(header);
    if (!base) return;
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base.slice(0, CUSTOM_FIELD_LIMITS.keyLength - 4)}_${n}`;
    taken.add(key);
    columns.push({ index, header, key });
  });
  return columns;
}

/** The non-empty custom values of one CSV line, or undefined when it has none. */
export function customFieldsOfLine(
  cells: readonly string[],
  columns: readonly Pick<CustomColumn, 'index' | 'key'>[],
): CustomFields | undefined {
  let fields: CustomFields | undefined;
  for (const { index, key } of columns) {
    const value = cells[index]?.trim().slice(0, CUSTOM_FIELD_LIMITS.valueLength);
    if (value) {
      fields ??= {};
      fields[key] = value;
    }
  }
  return fields;
}
