import { convert } from 'html-to-text';
import type { SpamReason } from './spam-report';
import { SPAMASSASSIN_PHRASE_RULES } from './spamassassin-phrase-rules';
import { URL_SHORTENER_DOMAINS } from './url-shorteners';

/** The parts of one built email the built-in checks read. */
export interface CheckedEmail {
  subject: string;
  html: string;
  text: string;
  /** The whole RFC 5322 message's size in bytes. */
  sizeBytes: number;
  /** The contact's own unsubscribe link, which the body should show. */
  unsubscribeUrl: string;
  /** The open pixel's URL: an image, but not one the reader sees. */
  pixelUrl?: string | null;
}

/** Gmail clips a message past 102 KB; a margin below it. */
export const SIZE_LIMIT_BYTES = 100 * 1024;
/** More links than this reads like a newsletter rather than a note from a person. */
export const MAX_LINKS = 3;

interface Link {
  href: string;
  host: string | null;
  text: string;
}

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/gi, '&')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&nbsp;/gi, ' ');

const hostOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.hostname.toLowerCase().replace(/^www\./, '') : null;
  } catch {
    return null;
  }
};

export function linksOf(html: string): Link[] {
  const links: Link[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a\s*>/gi)) {
    const href = decodeEntities(match[2] ?? '').trim();
    const text = decodeEntities((match[3] ?? '').replace(/<[^>]*>/g, '')).trim();
    links.push({ href, host: hostOf(href), text });
  }
  return links;
}

const imagesOf = (html: string, pixelUrl?: string | null) =>
  [...html.matchAll(/<img\b[^>]*>/gi)].filter((tag) => !(pixelUrl && tag[0].includes(pixelUrl))).length;

/** The domain a link's visible text shows, when the text looks like an address ("www.bank.com", "https://..."). */
function shownHost(text: string): string | null {
  const candidate = text.replace(/\s+/g, '');
  if (/^https?:\/\//i.test(candidate)) return hostOf(candidate);
  if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(\/\S*)?$/i.test(candidate))
    return hostOf(`http://${candidate}`);
  return null;
}

const sameSite = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

function isShortener(host: string): boolean {
  const labels = host.split('.');
  return labels.some((_, i) => URL_SHORTENER_DOMAINS.has(labels.slice(i).join('.')));
}

/** The visible words of the email: the plain-text part, else the HTML's text. */
const bodyText = (email: CheckedEmail) =>
  email.text.trim() ||
  convert(email.html, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] });

/** Each built-in rule: null when it does not fire. */
type Rule = (email: CheckedEmail) => SpamReason | SpamReason[] | null;

const noTextPart: Rule = (email) =>
  email.text.trim() === ''
    ? { rule: 'MIME_HTML_ONLY', score: 1.0, description: 'No plain-text part: the email is HTML only' }
    : null;

/** SpamAssassin's HTML_IMAGE_ONLY_04 and _08 with their scores (set 0: local tests only). */
const imageToText: Rule = (email) => {
  const images = imagesOf(email.html, email.pixelUrl);
  if (images === 0) return null;
  const chars = convert(email.html, {
    wordwrap: false,
    selectors: [{ selector: 'img', format: 'skip' }],
  }).replace(/\s+/g, '').length;
  if (chars < 400) {
    return {
      rule: 'HTML_IMAGE_ONLY_04',
      score: 1.7,
      description: 'Images with less than 400 characters of text',
    };
  }
  if (chars < 800) {
    return {
      rule: 'HTML_IMAGE_ONLY_08',
      score: 0.6,
      description: 'Images with less than 800 characters of text',
    };
  }
  return null;
};

const linkCount: Rule = (email) => {
  const hrefs = new Set(
    linksOf(email.html)
      .filter((link) => link.host && link.href !== email.unsubscribeUrl)
      .map((link) => link.href),
  );
  return hrefs.size > MAX_LINKS
    ? {
        rule: 'MANY_LINKS',
        score: 1.0,
        description: `${hrefs.size} links (more than ${MAX_LINKS} reads like a newsletter)`,
      }
    : null;
};

const linkTextMismatch: Rule = (email) => {
  const mismatched = linksOf(email.html).filter((link) => {
    const shown = shownHost(link.text);
    return shown && link.host && !sameSite(shown, link.host);
  });
  const first = mismatched[0];
  return first
    ? {
        rule: 'LINK_TEXT_OTHER_DOMAIN',
        score: 2.0,
        description: `A link shows ${shownHost(first.text)} but leads to ${first.host}`,
      }
    : null;
};

const urlShortener: Rule = (email) => {
  const hosts = [
    ...email.html.matchAll(/https?:\/\/[^\s"'<>]+/gi),
    ...email.text.matchAll(/https?:\/\/\S+/gi),
  ]
    .map((match) => hostOf(match[0]))
    .filter((host): host is string => host !== null && isShortener(host));
  return hosts[0]
    ? {
        rule: 'URL_SHORTENER',
        score: 1.5,
        description: `A shortened link (${hosts[0]}) hides where it leads`,
      }
    : null;
};

/** SpamAssassin's SUBJ_ALL_CAPS with its score. */
const allCapsSubject: Rule = (email) => {
  const letters = email.subject.replace(/[^\p{L}]/gu, '');
  const cased = letters.replace(/[^\p{Lu}\p{Ll}]/gu, '');
  return cased.length >= 5 && cased === cased.toUpperCase() && /\s/.test(email.subject.trim())
    ? { rule: 'SUBJ_ALL_CAPS', score: 0.5, description: 'Subject is all capitals' }
    : null;
};

const compiledPhrases = SPAMASSASSIN_PHRASE_RULES.map((rule) => ({
  ...rule,
  regex: new RegExp(rule.pattern, `${rule.flags.replace('m', '')}m`),
}));

/** SpamAssassin's phrase rules (20_phrases.cf) with their scores, over the visible text. */
const spamPhrases: Rule = (email) => {
  const text = `${email.subject}\n${bodyText(email)}`;
  return compiledPhrases
    .filter((phrase) => phrase.regex.test(text))
    .map((phrase) => ({ rule: phrase.rule, score: phrase.score, description: phrase.description }));
};

const noUnsubscribeLink: Rule = (email) =>
  email.html.includes(email.unsubscribeUrl) || email.text.includes(email.unsubscribeUrl)
    ? null
    : {
        rule: 'NO_UNSUBSCRIBE_LINK',
        score: 1.0,
        description: 'No unsubscribe link in the body: add {{unsubscribe_url}}',
      };

const tooLarge: Rule = (email) =>
  email.sizeBytes > SIZE_LIMIT_BYTES
    ? {
        rule: 'MESSAGE_OVER_100KB',
        score: 1.0,
        description: `The email is ${Math.round(email.sizeBytes / 1024)} KB: Gmail clips it past 102 KB, hiding the rest and the open pixel`,
      }
    : null;

export const BUILT_IN_RULES: readonly Rule[] = [
  noTextPart,
  imageToText,
  linkCount,
  linkTextMismatch,
  urlShortener,
  allCapsSubject,
  spamPhrases,
  noUnsubscribeLink,
  tooLarge,
];

/** Every built-in rule that fires on the email. */
export function builtInReasons(email: CheckedEmail): SpamReason[] {
  return BUILT_IN_RULES.flatMap((rule) => rule(email) ?? []);
}
