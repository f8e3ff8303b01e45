import { convert } from 'html-to-text';

/**
 * The plain-text body of an HTML email (html-to-text): links keep their address in brackets, images are
 * dropped, and {{variables}} pass through untouched so the renderer still fills them.
 */
export function htmlToPlainText(html: string): string {
  return convert(html, {
    wordwrap: 100,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable' },
    ],
  }).trim();
}
