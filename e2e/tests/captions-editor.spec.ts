import { formatCueTime } from '@lectern/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/api';
import { useBrowser } from '../support/browser';
import { putCaptions } from '../support/captions';
import { useClassroom } from '../support/classroom';
import { checkPage } from '../support/page-check';
import { lectureVideo, waitForMetadata } from '../support/player';
import { uploadVideo } from '../support/seed';

// Issue 21: the caption editor took ~140 px per cue and could not serve an hour of captions. Now one
// compact row per cue, driven by the keyboard, following playback, and only the rows in view in the page.

/**
 * `count` cues of `seconds` each, one after the other from 0:00, numbered in their text. An hour's count
 * of cues, squeezed into the test video's 90 s: the server refuses cues past the video's end.
 */
function captionsOf(count: number, seconds: number): string {
  const cues = Array.from({ length: count }, (_, i) => {
    const [start, end] = [i * seconds, (i + 1) * seconds].map(formatCueTime);
    return `${start} --> ${end}\nLine ${i + 1} of the lecture`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

const text = (page: Page, n: number) => page.getByRole('textbox', { name: `Text of cue ${n}`, exact: true });
const renderedRows = (page: Page) => page.locator('.cue-editor-list > li').count();

describe('the compact captions editor', () => {
  const b = useBrowser();
  const classroom = useClassroom();

  it('an hour of captions (1,000 cues): rows of ~40 px, only those in view rendered, scrolled to the end', async () => {
    const { page } = b;
    const videoId = await uploadVideo(classroom.admin, classroom.ids, 'lecture-90s.mp4', 'Hour');
    await putCaptions(classroom.admin.token, `video/${videoId}`, captionsOf(1000, 0.085));
    await loginThroughUi(page, classroom.admin);
    const started = Date.now();
    await page.goto(`/captions/video/${videoId}`);
    await text(page, 1).waitFor();
    console.info(`captions editor: 1,000 cues shown ${Date.now() - started} ms after navigating`);
    await page.getByText('1000 cues', { exact: true }).waitFor();

    const rows = await renderedRows(page);
    console.info(`captions editor: ${rows} of 1,000 rows in the page`);
    expect(rows).toBeLessThan(60);
    const row = (await page.getByRole('listitem', { name: 'Cue 1', exact: true }).boundingBox())!;
    expect(row.height).toBeLessThanOrEqual(44);

    const scrolled = Date.now();
    await page.locator('.cue-editor-scroller').evaluate((box) => (box.scrollTop = box.scrollHeight));
    await text(page, 1000).waitFor();
    console.info(
      `captions editor: the last cue shown ${Date.now() - scrolled} ms after scrolling to the end`,
    );
    expect(await text(page, 1000).inputValue()).toBe('Line 1000 of the lecture');
    expect(await renderedRows(page)).toBeLessThan(60);
  }, 180_000);

  it('500 cues: keyboard between cues and times, follows playback, saves, and passes axe at both sizes', async () => {
    const { page } = b;
    const videoId = await uploadVideo(classroom.admin, classroom.ids, 'lecture-90s.mp4', 'Half hour');
    await putCaptions(classroom.admin.token, `video/${videoId}`, captionsOf(500, 0.17));
    await loginThroughUi(page, classroom.admin);
    await page.goto(`/captions/video/${videoId}`);
    await waitForMetadata(page);
    await text(page, 1).waitFor();

    // ↓ from a cue's text goes to the next cue's; ↑ back.
    await text(page, 1).focus();
    await page.keyboard.press('ArrowDown');
    expect(await text(page, 2).evaluate((el) => el === document.activeElement)).toBe(true);
    // The focus is visible: an outline drawn around the field.
    expect(await text(page, 2).evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('ArrowUp');
    expect(await text(page, 1).evaluate((el) => el === document.activeElement)).toBe(true);
    // ↑ in a time moves it 0.1 s later, ↓ earlier.
    const end2 = page.getByRole('textbox', { name: 'End of cue 2', exact: true });
    await end2.focus();
    await page.keyboard.press('ArrowUp');
    expect(await end2.inputValue()).toBe('00:00:00.440');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await end2.inputValue()).toBe('00:00:00.240');
    await end2.blur();

    // Playback at 1:20 is cue 471 (79.90–80.07 s), far down the list: marked and scrolled into view.
    await lectureVideo(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 80));
    const current = page.getByRole('listitem', { name: 'Cue 471', exact: true });
    await expect.poll(() => current.getAttribute('aria-current')).toBe('true');
    const box = (await page.locator('.cue-editor-scroller').boundingBox())!;
    const shown = (await current.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(box.y);
    expect(shown.y + shown.height).toBeLessThanOrEqual(box.y + box.height);

    await checkPage(page, 'captions-editor-500');

    await text(page, 471).fill('Line 471, corrected');
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.getByText('English (en) · version 2 · 500 cues').waitFor();
  }, 180_000);
});
