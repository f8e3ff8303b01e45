import { findVariables, isKnownVariable, NAME_FALLBACK } from './template-variables';

/** The contact an Inbox answer is written to: what its variables are filled from. */
export interface AnswerContact {
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
}

export interface AnswerVariable {
  /** As written, e.g. "{{first_name|there}}". */
  raw: string;
  name: string;
  /** What will be sent in its place; null when it would be empty. */
  value: string | null;
}

/** The value a known variable has for this contact before any fallback (an answer has no unsubscribe link). */
function contactValue(name: string, contact: AnswerContact): string {
  const first = contact.firstName?.trim() ?? '';
  const last = contact.lastName?.trim() ?? '';
  if (name === 'first_name') return first;
  if (name === 'last_name') return last;
  if (name === 'name') return contact.name?.trim() || [first, last].filter(Boolean).join(' ');
  return '';
}

/**
 * Each distinct known variable of an Inbox answer with the value it will be sent with, as the renderer
 * fills it: the contact's value, else the written fallback, else {{name}}'s "there". The answer box shows
 * them, and the server refuses to send an answer where one is empty.
 */
export function answerVariables(text: string, contact: AnswerContact | null): AnswerVariable[] {
  const seen = new Map<string, AnswerVariable>();
  for (const use of findVariables(text)) {
    if (!isKnownVariable(use.name) || seen.has(use.raw)) continue;
    const builtIn = use.name === 'name' ? NAME_FALLBACK : '';
    const value = (contact ? contactValue(use.name, contact) : '') || (use.fallback ?? builtIn);
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
