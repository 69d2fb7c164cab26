import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { baseURL } from './browser';

// Captions through the API (PUT of the raw file), and an axe-core scan of the page in the browser.

/** Uploads a WebVTT file as the video's (or answer's) track in `language`. */
export async function putCaptions(
  token: string,
  path: string,
  vtt: string,
  label = 'English',
  language = 'en',
) {
  const res = await fetch(
    `${baseURL()}/api/captions/${path}/${language}?label=${encodeURIComponent(label)}`,
    {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/vtt' },
      body: vtt,
    },
  );
  if (!res.ok) throw new Error(`captions ${path} → ${res.status} ${await res.text()}`);
}

// Evaluated through the DevTools protocol: Lectern's CSP rightly refuses an injected <script>.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A and AA rules). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A toast still sliding in is half transparent, and axe would judge its contrast mid-animation: wait
  // for toast animations to end (all but the 5 s countdown bar).
  await page.evaluate(() =>
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
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            o: object,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The caption track's state in the lecture <video>: its mode and the text on screen now. */
export const captionState = (page: Page) =>
  page
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement) => {
      const track = Array.from(v.textTracks).find((t) => t.label !== '');
      const active = track?.activeCues ? Array.from(track.activeCues) : [];
      return { mode: track?.mode ?? 'none', text: active.map((c) => (c as VTTCue).text).join('\n') };
    });
