import { escapeHtml } from '../rendering/escape-html';

const FENCE = /^\s*```[a-z]*\s*\n([\s\S]*?)\n?```\s*$/i;
const HAS_TAG = /<(p|div|br|ul|ol|li|table|h[1-6])\b/i;
/** Elements a generated body never keeps: active content, documents and anything that loads on open. */
const DROP_WITH_CONTENT = /<(script|style|iframe|object|embed|head|title)\b[\s\S]*?<\/\1\s*>/gi;
const DROP_TAG = /<\/?(script|style|iframe|object|embed|html|head|body|meta|link|title|base|form)\b[^>]*>/gi;
const EVENT_ATTRIBUTE = /\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;
const SCRIPT_URL = /(href|src)\s*=\s*(["']?)\s*javascript:[^"'\s>]*\2/gi;

/**
 * A writer's answer as an email body: code fences removed; plain text (or Markdown-ish paragraphs)
 * becomes <p> paragraphs; HTML keeps its structure without scripts, styles, event handlers or
 * javascript: links. The result is what the editor's HTML body receives.
 */
export function toEmailHtml(answer: string): string {
  const unfenced = answer.trim().replace(FENCE, '$1').trim();
  if (!HAS_TAG.test(unfenced)) return paragraphs(unfenced);
  return unfenced
    .replace(DROP_WITH_CONTENT, '')
    .replace(DROP_TAG, '')
    .replace(EVENT_ATTRIBUTE, '')
    .replace(SCRIPT_URL, '$1="#"')
    .trim();
}

function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map(
      (block) =>
        `<p>${escapeHtml(block)
          .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
}
