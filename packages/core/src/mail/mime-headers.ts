/// <reference path="./nodemailer-punycode.d.ts" />
import mimeFuncs from 'nodemailer/lib/mime-funcs/index.js';
import punycode from 'nodemailer/lib/punycode/index.js';

/**
 * The header values of an outgoing email, encoded exactly as nodemailer's MimeNode encodes them (its own
 * functions do the RFC 2047 words and the folding), without building its node tree for every email.
 */

/** Header values never carry line breaks (a subject or name with CR/LF would inject headers). */
export const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const ASCII = /^\p{ASCII}*$/u;

/** RFC 2047 encoded words where needed (UTF-8, quoted-printable), every word of the value once one is. */
export const encodedWords = (value: string): string =>
  encodeWords(value.replace(/\r?\n|\r/g, ' '), 'Q', 52, true);

/** Its typings leave out the fourth argument (encode every word, as MimeNode asks). */
const encodeWords = mimeFuncs.encodeWords.bind(mimeFuncs) as (
  value: string,
  encoding: 'Q',
  maxLength: number,
  encodeAll: boolean,
) => string;

/** An address with its domain in punycode; a local part with a space is quoted. */
function normalAddress(address: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it takes out
  const clean = address.replace(/[\x00-\x1F<>]+/g, ' ').trim();
  const at = clean.lastIndexOf('@');
  if (at < 0) return clean;
  let user = clean.slice(0, at);
  const domain = clean.slice(at + 1).toLowerCase();
  let encoded: string | undefined;
  try {
    encoded = ASCII.test(domain) ? domain : punycode.toASCII(domain);
  } catch {
    // nodemailer keeps such an address as it is, without a domain it could encode.
  }
  if (user.includes(' ')) user = `${user.startsWith('"') ? '' : '"'}${user}${user.endsWith('"') ? '' : '"'}`;
  return `${user}@${encoded}`;
}

/** A display name as a plain word, a quoted string, or an encoded word. */
function addressName(name: string): string {
  if (/^[\w ]*$/.test(name)) return name;
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/([\\"])/g, '\\$1')}"`;
  return mimeFuncs.encodeWord(name, 'Q', 52);
}

/** `Name <address>`, or the bare address without a name. */
export function mailbox(address: string, name?: string | null): string {
  const normal = normalAddress(address);
  if (name) return `${addressName(name)} <${normal}>`;
  return normal.includes(' ') ? `<${normal}>` : normal;
}

/** A Message-ID-like value in angle brackets. */
export function angled(value: string): string {
  const one = value.replace(/\r?\n|\r/g, ' ');
  return `${one.startsWith('<') ? '' : '<'}${one}${one.endsWith('>') ? '' : '>'}`;
}

/** References: every Message-ID in angle brackets, space-separated. */
export const referenceList = (ids: string[]): string =>
  ids
    .flatMap((id) =>
      id
        .replace(/\r?\n|\r/g, ' ')
        .trim()
        .replace(/<[^>]*>/g, (inner) => inner.replace(/\s/g, ''))
        .split(/\s+/),
    )
    .map(angled)
    .join(' ')
    .trim();

/** RFC 5322 date: `Thu, 01 May 2025 09:30:00 +0000`. */
export const mailDate = (date: Date) => date.toUTCString().replace(/GMT/, '+0000');

/** `Key: value` folded at 76 characters. */
export const headerLine = (key: string, value: string) => mimeFuncs.foldLines(`${key}: ${value}`, 76);
