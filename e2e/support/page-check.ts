import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The evidence every main page gives at a desk and on a phone (issue 11): no serious accessibility
// violation, nothing wider than the screen, and a screenshot to look at (npm test prints the folder).

/** Screenshots of the main pages, one per page and width; git-ignored. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../.screenshots/', import.meta.url));

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

// Evaluated through the DevTools protocol: Lectern's CSP rightly refuses an injected <script>, so
// page.addScriptTag cannot be used.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A and AA rules). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settleToasts(page);
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: object): Promise<AxeResult> } }).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/**
 * A toast still sliding in is half transparent, and axe would judge its contrast mid-animation: waits for
 * toast animations to end (all but the 5 s countdown bar).
 */
function settleToasts(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return target?.closest('.Toastify__toast') && !target.classList.contains('Toastify__progress-bar');
        })
        .map((a) => a.finished),
    ),
  );
}

/** How far the page reaches past the right edge of the window, in CSS pixels (0 when it fits). */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Checks the page as it is now at 1280×800 and at 390×844: no serious or critical axe violation, no
 * sideways scrolling, and a full-page screenshot `<name>-<width>.png` in SCREENSHOT_DIR. The window
 * size is put back afterwards.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    // Two frames: the new width is laid out and any resize handler has run.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(
      await horizontalOverflow(page),
      `${name} at ${size.width} px scrolls sideways by`,
    ).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), `${name} at ${size.width} px`).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${size.width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
