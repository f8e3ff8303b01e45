// Pictures of a screen at the widths the product is looked at: a desktop and a phone, each checked by axe-core.
import { checkAccessibility } from './accessibility.mjs';
import { hidden } from './expect.mjs';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * One picture at 1440 px and one at 390 px (named `${name}-1440`, `${name}-390`), with `focus` (a locator)
 * scrolled into view at each width; with `afterToasts`, once the toasts are gone. At each width the screen
 * has no serious or critical accessibility violation. Ends at the desktop width.
 */
export async function shotAtBothWidths(t, page, name, focus, { afterToasts = false } = {}) {
  if (afterToasts) await hidden(page.getByTestId('toast'), 10_000);
  for (const [size, suffix] of [
    [DESKTOP, '1440'],
    [PHONE, '390'],
  ]) {
    await page.setViewportSize(size);
    await focus?.scrollIntoViewIfNeeded();
    await t.shot(page, `${name}-${suffix}`);
    await checkAccessibility(page, `${name} at ${size.width} px`);
  }
  await page.setViewportSize(DESKTOP);
}
