// Does a page fit its window? The document's width, the element reaching furthest past the window's edge and
// the controls cut off at an edge, for the flows that look at pages on a phone and a desktop.
import { hidden } from './expect.mjs';

/** The page has drawn its data: no loading text or spinner is left. */
export async function settled(page) {
  await hidden(page.getByRole('status').filter({ hasText: /Loading/ }), 15_000);
  await hidden(page.locator('main [data-slot="spinner"]'), 15_000);
}

/**
 * How wide the page is: the document, the body, the element reaching furthest past the window's edge, and
 * the controls (buttons, links, fields, tabs) that touch or cross an edge, so are cut off.
 */
export function pageWidth(page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    // Inside a fixed layer or a box that scrolls or clips, an element does not widen the page.
    const contained = (element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.position === 'fixed' || style.overflowX !== 'visible') return true;
      }
      return getComputedStyle(element).position === 'fixed';
    };
    const describe = (element, right) => ({
      right: Math.round(right),
      name: `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 100)}`,
      text: element.textContent.slice(0, 40),
    });
    let widest = null;
    for (const element of document.querySelectorAll('body *')) {
      const { right } = element.getBoundingClientRect();
      if (right > width + 0.5 && (!widest || right > widest.right) && !contained(element)) {
        widest = describe(element, right);
      }
    }
    const cutOff = [...document.querySelectorAll('main :is(button, a, input, select, textarea, [role=tab])')]
      .filter((element) => {
        const { left, right, width: shown } = element.getBoundingClientRect();
        return shown > 0 && (left < 4 || right > width - 4) && !contained(element);
      })
      .map((element) => describe(element, element.getBoundingClientRect().right));
    return {
      window: width,
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      widest,
      cutOff,
    };
  });
}

/** Whether the measured page is wider than its window or cuts a control off. */
export const tooWide = (width) =>
  width.document > width.window || width.body > width.window || width.cutOff.length > 0;
