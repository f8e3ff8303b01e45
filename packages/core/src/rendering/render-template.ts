import {
  customFieldKeyProblem,
  isBuiltInVariable,
  NAME_FALLBACK,
  parseVariable,
  SPINTAX_KEYWORD,
  spintaxOptions,
  VARIABLE_PATTERN,
  variableSyntaxProblems,
} from '@prospector/contracts';
import { escapeHtml } from './escape-html';
import { htmlToPlainText } from './plain-text';
import { pickOption } from './spintax';
import { type RenderContact, type RenderSender, variableValues } from './variable-values';

export type { RenderContact, RenderSender } from './variable-values';

export interface RenderInput {
  subject: string;
  htmlBody: string;
  /** The plain-text body; null or blank renders the HTML body's text instead (html-to-text). */
  plainTextBody?: string | null;
}

export interface RenderOptions {
  /** The value of {{unsubscribe_url}}; empty when not given. */
  unsubscribeUrl?: string | null;
  /** The mailbox that sends: {{sender_name}}, {{sender_first_name}}, {{sender_email}}. */
  sender?: RenderSender | null;
  /** What makes the spintax picks stable: the enrolment and step (spinSeedOf); '' for a template preview. */
  spinSeed?: string;
  /**
   * The user's custom field keys: a key the contact has no value for counts as missing rather than unknown.
   * Without it, only the contact's own keys are known. 'any' (a sequence email, whose variables the launch
   * check already held to the user's keys): every well-formed key is a custom field, so a contact without
   * it gets the fallback, exactly as the preview showed.
   */
  customKeys?: Iterable<string> | 'any';
}

export interface RenderedEmail {
  subject: string;
  html: string;
  /** The rendered plain-text body; derived from the rendered HTML when the template has none. */
  text: string;
  /** Each unknown {{...}} as written; they are left in the output, visible. */
  unknownVariables: string[];
  /** Each known {{variable}} (no fallback) that has no value for this contact: left empty in the output. */
  missingVariables: string[];
  /** Nested or unclosed variables in the template, each said plainly: sent with their braces. */
  syntaxProblems: string[];
}

interface FillContext {
  values: Record<string, string>;
  customKeys: { has(key: string): boolean };
  spinSeed: string;
  unknown: Set<string>;
  missing: Set<string>;
}

/**
 * The n-th {{random|...}} of each text picks on its own; counted per text, so the HTML body and its plain-text
 * version pick alike.
 */
function fill(text: string, ctx: FillContext, html: boolean): string {
  let spins = 0;
  return text.replace(VARIABLE_PATTERN, (raw, inner: string) => {
    const use = parseVariable(raw, inner);
    let value: string;
    if (use.name === SPINTAX_KEYWORD) {
      value = pickOption(spintaxOptions(use), ctx.spinSeed, spins++);
    } else if (Object.hasOwn(ctx.values, use.name) || ctx.customKeys.has(use.name)) {
      const builtInFallback = use.name === 'name' ? NAME_FALLBACK : '';
      const own = Object.hasOwn(ctx.values, use.name) ? ctx.values[use.name] : '';
      value = own || (use.fallback ?? builtInFallback);
      if (!value && use.fallback === null && use.name !== 'unsubscribe_url')
        ctx.missing.add(`{{${use.name}}}`);
    } else {
      ctx.unknown.add(raw);
      return raw;
    }
    return html ? escapeHtml(value) : value;
  });
}

/**
 * Fills the variables of one text: {{name}} falls back to 'there', {{variable|fallback}} gives any variable
 * its own fallback for an empty value, {{random|a|b}} picks one option. With `html`, values and fallbacks
 * are HTML-escaped, so a contact's field can never add markup. Unknown variables stay as written.
 */
export function fillVariables(
  text: string,
  values: Record<string, string>,
  { html, spinSeed = '' }: { html: boolean; spinSeed?: string },
): string {
  const ctx = newContext(values, [], spinSeed);
  return fill(text, ctx, html);
}

const anyWellFormedKey = { has: (key: string) => customFieldKeyProblem(key) === null };

function newContext(
  values: Record<string, string>,
  customKeys: Iterable<string> | 'any',
  spinSeed: string,
): FillContext {
  const keys =
    customKeys === 'any'
      ? anyWellFormedKey
      : new Set([...customKeys].filter((key) => !isBuiltInVariable(key)));
  return { values, customKeys: keys, spinSeed, unknown: new Set(), missing: new Set() };
}

/** The one renderer: previews, test sends, the sequence engine, A/B variants and Inbox answers. */
export function renderTemplate(
  template: RenderInput,
  contact: RenderContact,
  options: RenderOptions = {},
): RenderedEmail {
  const values = variableValues(contact, options.sender ?? {}, options.unsubscribeUrl);
  const ctx = newContext(values, options.customKeys ?? [], options.spinSeed ?? '');
  const plain = template.plainTextBody?.trim() ? template.plainTextBody : null;
  // Subjects are header text, not HTML: never escaped (the MIME encoder handles them), one line.
  const subject = fill(template.subject, ctx, false).replace(/[\r\n]+/g, ' ');
  const html = fill(template.htmlBody, ctx, true);
  const text = plain === null ? htmlToPlainText(html) : fill(plain, ctx, false);
  const syntaxProblems = [template.subject, template.htmlBody, plain ?? ''].flatMap(variableSyntaxProblems);
  return {
    subject,
    html,
    text,
    unknownVariables: [...ctx.unknown],
    missingVariables: [...ctx.missing],
    syntaxProblems: [...new Set(syntaxProblems)],
  };
}
