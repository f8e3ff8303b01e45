// axe-core in the page: the serious and critical accessibility violations of what is on screen. None is the
// gate of every page the flows look at.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { animationsSettled } from './animations.mjs';
import { AssertionError } from './expect.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Up to this many elements are named per rule, enough to find them. */
const NAMED_ELEMENTS = 4;
const OPTIONS = { resultTypes: ['violations'] };

/**
 * The serious and critical violations on the page as {rule, impact, help, count, elements}. axe is evaluated,
 * not added as a script tag, so the page's Content-Security-Policy does not stop it.
 */
export async function seriousViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ named, options }) => {
      const { violations } = await window.axe.run(document, options);
      return violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          count: violation.nodes.length,
          elements: violation.nodes.slice(0, named).map((node) => ({
            target: node.target.join(' '),
            html: node.html.slice(0, 160),
            why: node.failureSummary?.split('\n').slice(1, 2).join('').trim(),
          })),
        }));
    },
    { named: NAMED_ELEMENTS, options: OPTIONS },
  );
}

/** One line per violation, its elements below it. */
export function describeViolations(name, violations) {
  return violations
    .map(
      (v) =>
        `${name}: ${v.impact} ${v.rule} ×${v.count} (${v.help})\n` +
        v.elements.map((e) => `      ${e.target}  ${e.html}  ${e.why ?? ''}`).join('\n'),
    )
    .join('\n');
}

/** Fails, listing them, when axe finds a serious or critical violation on the page. */
export async function checkAccessibility(page, name) {
  // A control still fading in (a button re-enabled a moment ago) is judged by its final colours.
  await animationsSettled(page);
  const violations = await seriousViolations(page);
  if (violations.length > 0) {
    throw new AssertionError(
      `serious or critical accessibility violations\n${describeViolations(name, violations)}`,
    );
  }
}
