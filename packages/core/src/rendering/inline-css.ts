import juice from 'juice';

/**
 * Moves the CSS of <style> blocks onto the elements' style attributes (juice), as Gmail and most clients
 * read only inline styles. Media queries stay in a <style> block for clients that honour them.
 */
export function inlineCss(html: string): string {
  return juice(html, {
    removeStyleTags: true,
    preserveMediaQueries: true,
    preserveFontFaces: true,
    applyWidthAttributes: true,
    applyHeightAttributes: false,
    insertPreservedExtraCss: true,
  });
}
