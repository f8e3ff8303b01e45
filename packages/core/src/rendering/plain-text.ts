import { compile } from 'html-to-text';

/**
 * html-to-text's converter, compiled once: `convert` would merge the options and build the selectors'
 * decision tree again for every email, most of its cost.
 */
const toPlainText = compile({
  wordwrap: 100,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable' },
  ],
});

/**
 * The plain-text body of an HTML email (html-to-text): links keep their address in brackets, images are
 * dropped, and {{variables}} pass through untouched so the renderer still fills them.
 */
export function htmlToPlainText(html: string): string {
  return toPlainText(html).trim();
}
