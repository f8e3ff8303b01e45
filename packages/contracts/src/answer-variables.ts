import { findVariables, isBuiltInVariable, NAME_FALLBACK } from './template-variables';

/**
 * The value of each variable for the contact an Inbox answer is written to, before any fallback, as the
 * renderer fills it (core's variableValues): the built-ins and the contact's custom fields.
 */
export type AnswerValues = Readonly<Record<string, string>>;

export interface AnswerVariable {
  /** As written, e.g. "{{first_name|there}}". */
  raw: string;
  name: string;
  /** What will be sent in its place; null when it would be empty. */
  value: string | null;
}

/**
 * Each distinct variable of an Inbox answer with the value it will be sent with: the contact's value, else
 * the written fallback, else {{name}}'s "there". A variable is known when built in, a custom key of the
 * user's contacts (`customKeys`), or one of the contact's own fields; others are sent as written and not
 * listed. The answer box shows them, and the server refuses to send an answer where one is empty.
 */
export function answerVariables(
  text: string,
  values: AnswerValues | null,
  customKeys: Iterable<string> = [],
): AnswerVariable[] {
  const custom = new Set(customKeys);
  const seen = new Map<string, AnswerVariable>();
  for (const use of findVariables(text)) {
    const known =
      isBuiltInVariable(use.name) || custom.has(use.name) || Object.hasOwn(values ?? {}, use.name);
    if (!known || seen.has(use.raw)) continue;
    const builtIn = use.name === 'name' ? NAME_FALLBACK : '';
    const own = values && Object.hasOwn(values, use.name) ? values[use.name] : undefined;
    const value = own?.trim() || (use.fallback ?? builtIn);
    seen.set(use.raw, { raw: use.raw, name: use.name, value: use.fallback === '' || value ? value : null });
  }
  return [...seen.values()];
}

/** The 422 MISSING_VARIABLES message naming the variables an answer would send empty. */
export function missingVariablesMessage(missing: readonly AnswerVariable[]): string {
  const names = missing.map((v) => v.raw);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const example = missing[0] ? `{{${missing[0].name}|there}}` : '';
  const one = names.length === 1;
  return `${list} ${one ? 'is' : 'are'} empty for this contact: fill ${one ? 'it' : 'them'} in on the contact or give ${one ? 'it a fallback' : 'each a fallback'}, like ${example}`;
}
