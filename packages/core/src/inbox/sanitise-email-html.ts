import sanitizeHtml from 'sanitize-html';

/** Stored HTML bodies are capped: a larger one is dropped and the message shows its text. */
export const MAX_STORED_HTML = 200_000;
export const MAX_STORED_TEXT = 100_000;

export interface SanitisedHtml {
  html: string | null;
  /** Remote images were found; they are kept as data-remote-src and load only when the user asks. */
  hasRemoteImages: boolean;
}

const REMOTE = /^(https?:)?\/\//i;
/** A style that could load something (url(), old IE expression(), @import) is dropped. */
const LOADING_STYLE = /url\s*\(|expression\s*\(|@import/i;

function withSafeStyle(attribs: Record<string, string>): Record<string, string> {
  if (!attribs.style || !LOADING_STYLE.test(attribs.style)) return attribs;
  const { style: _dropped, ...rest } = attribs;
  return rest;
}

/**
 * An email's HTML made safe to show: no scripts, styles that load, forms, frames, event handlers or
 * javascript: links; links open in a new tab; remote images (tracking pixels included) keep their address in
 * data-remote-src so nothing loads until the user asks. Shown in a sandboxed frame besides.
 */
export function sanitiseEmailHtml(html: string | null | undefined): SanitisedHtml {
  if (!html?.trim()) return { html: null, hasRemoteImages: false };
  let hasRemoteImages = false;
  const clean = sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'font', 'center', 'span', 'del', 'ins']),
    allowedAttributes: {
      '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'color', 'dir', 'title'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'data-remote-src'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      font: ['face', 'size'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel', 'cid'],
    allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
    allowProtocolRelative: false,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: withSafeStyle(attribs) }),
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...withSafeStyle(attribs), target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
      img: (tagName, attribs) => {
        const safe = withSafeStyle(attribs);
        const src = safe.src ?? '';
        if (!REMOTE.test(src)) return { tagName, attribs: safe };
        hasRemoteImages = true;
        const { src: _remote, ...rest } = safe;
        return { tagName, attribs: { ...rest, 'data-remote-src': src } };
      },
    },
  });
  if (clean.length > MAX_STORED_HTML) return { html: null, hasRemoteImages: false };
  return { html: clean, hasRemoteImages };
}

export const capText = (text: string) => text.slice(0, MAX_STORED_TEXT);
