// "About us" is what the answer writer may tell prospects, except the lines its author marks as private.

/**
 * A line the user marks as not for prospects, in the product's seven languages: "never say", "do not
 * mention", "internal:", "confidential", "not for prospects", "ne jamais dire", "nicht erwähnen",
 * "no mencionar", "không được nói", "社外秘", "不要透露", ...
 */
const PRIVATE_LINE =
  /\b(never|do not|don't|not to) (say|mention|share|tell|disclose|reveal|quote)\b|^\s*(internal|private|confidential)\b|\b(internal|confidential)( only| note)?\s*[:,-]|\bnot for (prospects|customers|clients|the prospect)\b|ne jamais (dire|mentionner|communiquer|révéler)|à ne pas (dire|mentionner|communiquer|divulguer)|^\s*(interne|confidentiel)\b|nunca (decir|mencionar|compartir|revelar)|no (decir|mencionar|compartir|revelar)\b|^\s*(interno|confidencial)\b|niemals (sagen|erwähnen|nennen|weitergeben)|nicht (sagen|erwähnen|nennen|weitergeben)\b|^\s*(intern|vertraulich)\b|không (được )?(nói|tiết lộ|chia sẻ|đề cập)|^\s*(nội bộ|bí mật)|言わない|伝えない|社外秘|^\s*(社内|内部|機密)|不要(说|提|透露|告诉|提及)|不得(透露|提及)|^\s*(内部|保密|机密|機密)/i;

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The lines of "about us" (or a sequence's note) that must never reach a prospect. */
export const privateAboutLines = (about: string) => linesOf(about).filter((line) => PRIVATE_LINE.test(line));

/** "About us" without its private lines: what any writer is given. */
export const aboutForProspects = (about: string) =>
  linesOf(about)
    .filter((line) => !PRIVATE_LINE.test(line))
    .join('\n');
