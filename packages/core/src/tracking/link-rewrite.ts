import { QuoteType, Tokenizer } from 'htmlparser2';
import { isWebAddress } from './click-url';

/** Which links of an email to send through the click redirect, and how to write their new address. */
export interface LinkRewrite {
  /** The tracked address of one original address. */
  tracked: (url: string) => string;
  /** Addresses sent as written whatever they are (the unsubscribe link). */
  keep: (url: string) => boolean;
}

const LINK_TAGS = new Set(['a', 'area']);

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The href of a link tag, decoded as a browser reads it, and where its value sits in the source. */
interface HrefSpan {
  from: number;
  to: number;
  url: string;
}

/**
 * Every href of an <a> or <area> tag, found by htmlparser2's tokenizer (so comments, scripts and attribute
 * values that merely look like tags are not links) with its entities decoded once: `&amp;` is `&`.
 */
function linkHrefs(html: string): HrefSpan[] {
  const spans: HrefSpan[] = [];
  let tag = '';
  let attribute = '';
  let attributeEnd = 0;
  let value = '';
  let seen = false;
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        tag = html.slice(start, end).toLowerCase();
        seen = false;
      },
      onattribname(start, end) {
        attribute = html.slice(start, end).toLowerCase();
        attributeEnd = end;
        value = '';
      },
      onattribdata(start, end) {
        value += html.slice(start, end);
      },
      onattribentity(codepoint) {
        value += String.fromCodePoint(codepoint);
      },
      onattribend(quote, end) {
        // The first href counts, as in a browser; a later duplicate is ignored.
        if (!LINK_TAGS.has(tag) || attribute !== 'href' || seen || quote === QuoteType.NoValue) return;
        seen = true;
        // From the opening quote (or the unquoted value) to the end of the value, quotes included.
        const from = attributeEnd + (/^\s*=\s*/.exec(html.slice(attributeEnd, end))?.[0].length ?? 0);
        spans.push({ from, to: end, url: value.trim() });
      },
      onopentagend() {},
      onselfclosingtag() {},
      onclosetag() {},
      ontext() {},
      ontextentity() {},
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return spans;
}

/**
 * The HTML with the href of every web link (<a>, <area>) replaced by its tracked address. mailto:, tel:,
 * anchors (#...), relative addresses and kept addresses stay as written; the rest of the document is
 * left byte for byte.
 */
export function rewriteHtmlLinks(html: string, rewrite: LinkRewrite): string {
  let out = '';
  let last = 0;
  for (const span of linkHrefs(html)) {
    if (!isWebAddress(span.url) || rewrite.keep(span.url)) continue;
    out += `${html.slice(last, span.from)}"${escapeAttribute(rewrite.tracked(span.url))}"`;
    last = span.to;
  }
  return out + html.slice(last);
}

/** A web address in running text: up to white space or a character that cannot stand in one unescaped. */
const TEXT_URL = /\bhttps?:\/\/[^\s<>"`{}|\\^]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?'*]+$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[' };

/** The address without the punctuation around it in prose: a final period, an unmatched bracket. */
function trimTrailing(url: string): string {
  let out = url;
  for (;;) {
    const trimmed = out.replace(TRAILING, '');
    const last = trimmed.at(-1) ?? '';
    const opener = CLOSERS[last];
    const unmatched =
      opener !== undefined && trimmed.split(opener).length - 1 < trimmed.split(last).length - 1;
    const next = unmatched ? trimmed.slice(0, -1) : trimmed;
    if (next === out) return out;
    out = next;
  }
}

/** The plain-text body with every web address replaced by its tracked address (kept ones excepted). */
export function rewriteTextLinks(text: string, rewrite: LinkRewrite): string {
  return text.replace(TEXT_URL, (match) => {
    const url = trimTrailing(match);
    if (!isWebAddress(url) || rewrite.keep(url)) return match;
    return `${rewrite.tracked(url)}${match.slice(url.length)}`;
  });
}
