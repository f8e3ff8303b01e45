/**
 * What a person wrote in a reply, without the quoted original and the signature: the text up to the first
 * quote header ('On ... wrote:' in the product's languages, Outlook's '-----Original Message-----' or
 * 'From: ... Sent:' block, a '>' quoted line) or signature delimiter ('-- ', 'Sent from my iPhone').
 * The same rules the Replies view uses for its snippets.
 */
const QUOTE_START = [
  /^-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original|forwarded message)\s*-{2,}/i,
  /^_{8,}\s*$/,
  /^(from|von|de|da|van|từ|差出人|发件人|寄件者)\s*:.*$/i,
  /^>/,
  // English, French, German, Spanish, Vietnamese, Japanese, Chinese quote headers
  /^(on\b.*\bwrote|le\b.*\ba écrit|am\b.*\bschrieb\b.*|el\b.*\bescribió|vào\b.*\bđã viết|.*(のメッセージ|さんは書きました|写道|寫道))\s*[:：]?\s*$/i,
];
const SIGNATURE_START =
  /^(-- ?|sent from my \w+.*|envoyé de mon \w+.*|von meinem \w+ gesendet.*|enviado desde mi \w+.*|get outlook for \w+.*)$/i;

export function replyTextOf(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    // A quote header wrapped over two lines ('On Mon, 2 Dec 2026 at 10:00, Alex' / '<a@b.c> wrote:').
    const joined = `${line} ${(lines[i + 1] ?? '').trim()}`;
    if (SIGNATURE_START.test(line)) break;
    if (QUOTE_START.some((pattern) => pattern.test(line))) break;
    if (/^on\b/i.test(line) && QUOTE_START[4]?.test(joined)) break;
    kept.push(lines[i] ?? '');
  }
  const reply = kept.join('\n').trim();
  return reply || text.trim();
}
