// The variables a template may use and their grammar, shared by the editor (which lists and checks them),
// the server's launch check and core's one renderer (which fills them). Decision 021.

export const TEMPLATE_VARIABLES = [
  { name: 'first_name', description: "Contact's first name", group: 'contact' },
  { name: 'last_name', description: "Contact's last name", group: 'contact' },
  { name: 'name', description: "Contact's full name; 'there' when unknown", group: 'contact' },
  { name: 'email', description: "Contact's email address", group: 'contact' },
  { name: 'title', description: "Contact's job title", group: 'contact' },
  { name: 'company', description: "Contact's company (the organisation's name)", group: 'contact' },
  { name: 'city', description: "Contact's city", group: 'contact' },
  { name: 'state', description: "Contact's state or region", group: 'contact' },
  { name: 'country', description: "Contact's country", group: 'contact' },
  { name: 'headline', description: "Contact's headline", group: 'contact' },
  { name: 'linkedin_url', description: "Contact's LinkedIn URL", group: 'contact' },
  { name: 'website', description: "The company's website, when known", group: 'contact' },
  { name: 'sender_name', description: "The sending mailbox's name", group: 'sender' },
  { name: 'sender_first_name', description: "The sending mailbox's first name", group: 'sender' },
  { name: 'sender_email', description: "The sending mailbox's address", group: 'sender' },
  { name: 'unsubscribe_url', description: 'Link that unsubscribes the contact', group: 'link' },
] as const;
export type TemplateVariableName = (typeof TEMPLATE_VARIABLES)[number]['name'];
export type TemplateVariableGroup = (typeof TEMPLATE_VARIABLES)[number]['group'] | 'custom';

/** {{name}}'s built-in fallback (spec section 3). */
export const NAME_FALLBACK = 'there';

/** `{{random|Hi|Hello|Hey}}`: one of the options, picked once per enrolment and step (spintax). */
export const SPINTAX_KEYWORD = 'random';

/** One {{...}} occurrence: everything between double braces, without nested braces. */
export const VARIABLE_PATTERN = /\{\{([^{}]*)\}\}/g;

export interface VariableUse {
  /** The whole occurrence, e.g. "{{ first_name | there }}". */
  raw: string;
  name: string;
  /** The explicit fallback after "|", trimmed; null when none was given. */
  fallback: string | null;
}

const BUILT_IN = new Set<string>(TEMPLATE_VARIABLES.map((v) => v.name));

export function isBuiltInVariable(name: string): name is TemplateVariableName {
  return BUILT_IN.has(name);
}

/** A name the renderer knows whatever the contact: a built-in variable or the spintax keyword. */
export function isKnownVariable(name: string): boolean {
  return BUILT_IN.has(name) || name === SPINTAX_KEYWORD;
}

/** Parses the inside of one {{...}}: "first_name|there" -> name first_name, fallback "there". */
export function parseVariable(raw: string, inner: string): VariableUse {
  const bar = inner.indexOf('|');
  const name = (bar === -1 ? inner : inner.slice(0, bar)).trim();
  const fallback = bar === -1 ? null : inner.slice(bar + 1).trim();
  return { raw, name, fallback };
}

const SNIPPET_LIMIT = 60;
const snippet = (text: string) =>
  text.length > SNIPPET_LIMIT ? `${text.slice(0, SNIPPET_LIMIT - 1)}…` : text;

/**
 * What the grammar cannot read, each said plainly: a fallback holding another variable
 * (`{{first_name|{{company}}}}`, sent with its braces) or a `{{` never closed (`{{first_name|Hi`).
 */
export function variableSyntaxProblems(text: string): string[] {
  const problems: string[] = [];
  let at = text.indexOf('{{');
  while (at !== -1) {
    const close = text.indexOf('}}', at + 2);
    const inner = text.indexOf('{{', at + 2);
    if (close === -1) {
      problems.push(`${snippet(text.slice(at).split('\n')[0] ?? '')} is never closed with }}`);
      break;
    }
    if (inner !== -1 && inner < close) {
      const outerClose = text.indexOf('}}', close + 2);
      const end = outerClose === -1 ? close + 2 : outerClose + 2;
      problems.push(
        `${snippet(text.slice(at, end))}: a fallback is plain text and cannot hold another variable`,
      );
      at = text.indexOf('{{', end);
      continue;
    }
    at = text.indexOf('{{', close + 2);
  }
  return problems;
}

/** The options of a `{{random|a|b|c}}`, each trimmed; empty when none were given. */
export function spintaxOptions(use: VariableUse): string[] {
  return use.fallback === null ? [] : use.fallback.split('|').map((option) => option.trim());
}

export function findVariables(text: string): VariableUse[] {
  return [...text.matchAll(VARIABLE_PATTERN)].map((m) => parseVariable(m[0], m[1] ?? ''));
}

/**
 * Each distinct {{...}} in the texts that is neither built in, spintax, nor one of `customKeys` (the user's
 * custom field keys), as written.
 */
export function findUnknownVariablesAmong(
  customKeys: Iterable<string>,
  texts: readonly (string | null | undefined)[],
): string[] {
  const custom = new Set(customKeys);
  const unknown = new Set<string>();
  for (const text of texts) {
    for (const use of findVariables(text ?? '')) {
      if (!isKnownVariable(use.name) && !custom.has(use.name)) unknown.add(use.raw);
    }
  }
  return [...unknown];
}

/** Each distinct {{...}} in the texts that is not built in (custom keys not counted), as written. */
export function findUnknownVariables(...texts: (string | null | undefined)[]): string[] {
  return findUnknownVariablesAmong([], texts);
}

/** GET /api/template-variables: what the editor's variable menu lists. */
export interface TemplateVariablesResponse {
  variables: { name: string; description: string; group: TemplateVariableGroup }[];
  /** The user's custom field keys, sorted. */
  customKeys: string[];
}
