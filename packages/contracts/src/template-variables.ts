// The variables a template may use (spec section 3) and their grammar, shared by the editor (which warns
// about unknown ones before saving) and core's renderer (which fills the known ones).

export const TEMPLATE_VARIABLES = [
  { name: 'first_name', description: "Contact's first name" },
  { name: 'last_name', description: "Contact's last name" },
  { name: 'name', description: "Contact's full name; 'there' when unknown" },
  { name: 'unsubscribe_url', description: 'Link that unsubscribes the contact' },
] as const;
export type TemplateVariableName = (typeof TEMPLATE_VARIABLES)[number]['name'];

/** {{name}}'s built-in fallback (spec section 3). */
export const NAME_FALLBACK = 'there';

/** One {{...}} occurrence: everything between double braces, without nested braces. */
export const VARIABLE_PATTERN = /\{\{([^{}]*)\}\}/g;

export interface VariableUse {
  /** The whole occurrence, e.g. "{{ first_name | there }}". */
  raw: string;
  name: string;
  /** The explicit fallback after "|", trimmed; null when none was given. */
  fallback: string | null;
}

const KNOWN = new Set<string>(TEMPLATE_VARIABLES.map((v) => v.name));

export function isKnownVariable(name: string): name is TemplateVariableName {
  return KNOWN.has(name);
}

/** Parses the inside of one {{...}}: "first_name|there" -> name first_name, fallback "there". */
export function parseVariable(raw: string, inner: string): VariableUse {
  const bar = inner.indexOf('|');
  const name = (bar === -1 ? inner : inner.slice(0, bar)).trim();
  const fallback = bar === -1 ? null : inner.slice(bar + 1).trim();
  return { raw, name, fallback };
}

export function findVariables(text: string): VariableUse[] {
  return [...text.matchAll(VARIABLE_PATTERN)].map((m) => parseVariable(m[0], m[1] ?? ''));
}

/** Each distinct {{...}} in the texts that the renderer does not know, as written; it stays visible when sent. */
export function findUnknownVariables(...texts: (string | null | undefined)[]): string[] {
  const unknown = new Set<string>();
  for (const text of texts) {
    for (const use of findVariables(text ?? '')) if (!isKnownVariable(use.name)) unknown.add(use.raw);
  }
  return [...unknown];
}
