import { findUnknownVariables, NAME_FALLBACK, parseVariable, VARIABLE_PATTERN } from '@prospector/contracts';
import { escapeHtml } from './escape-html';
import { htmlToPlainText } from './plain-text';

/** Who an email is rendered for: a contact row, or the sample contact of previews and test sends. */
export interface RenderContact {
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
  email?: string | null;
}

export interface RenderInput {
  subject: string;
  htmlBody: string;
  /** The plain-text body; null or blank renders the HTML body's text instead (html-to-text). */
  plainTextBody?: string | null;
}

export interface RenderOptions {
  /** The value of {{unsubscribe_url}}; empty when not given. */
  unsubscribeUrl?: string | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  /** The rendered plain-text body; derived from the rendered HTML when the template has none. */
  text: string;
  /** Each unknown {{...}} as written; they are left in the output, visible. */
  unknownVariables: string[];
}

const clean = (value: string | null | undefined) => (value ?? '').trim();

/** The value of each known variable for this contact, before any explicit fallback applies. */
function variableValues(contact: RenderContact, options: RenderOptions): Record<string, string> {
  const firstName = clean(contact.firstName);
  const lastName = clean(contact.lastName);
  const fullName = clean(contact.name) || [firstName, lastName].filter(Boolean).join(' ');
  return {
    first_name: firstName,
    last_name: lastName,
    name: fullName,
    unsubscribe_url: clean(options.unsubscribeUrl),
  };
}

/**
 * Fills {{first_name}}, {{last_name}}, {{name}} (fallback 'there') and {{unsubscribe_url}} in one text.
 * {{variable|fallback}} gives any variable its own fallback for an empty value. With `html`, values and
 * fallbacks are HTML-escaped, so a contact's name can never add markup. Unknown variables stay as written.
 */
export function fillVariables(
  text: string,
  values: Record<string, string>,
  { html }: { html: boolean },
): string {
  return text.replace(VARIABLE_PATTERN, (raw, inner: string) => {
    const use = parseVariable(raw, inner);
    if (!Object.hasOwn(values, use.name)) return raw;
    const builtInFallback = use.name === 'name' ? NAME_FALLBACK : '';
    const value = values[use.name] || (use.fallback ?? builtInFallback);
    return html ? escapeHtml(value) : value;
  });
}

/** The one renderer: previews, test sends and the sequence engine all render through it. */
export function renderTemplate(
  template: RenderInput,
  contact: RenderContact,
  options: RenderOptions = {},
): RenderedEmail {
  const values = variableValues(contact, options);
  const plain = template.plainTextBody?.trim() ? template.plainTextBody : null;
  const html = fillVariables(template.htmlBody, values, { html: true });
  return {
    // Subjects are header text, not HTML: never escaped (the MIME encoder handles them).
    subject: fillVariables(template.subject, values, { html: false }).replace(/[\r\n]+/g, ' '),
    html,
    text: plain === null ? htmlToPlainText(html) : fillVariables(plain, values, { html: false }),
    unknownVariables: findUnknownVariables(template.subject, template.htmlBody, plain),
  };
}
