import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
// @ts-expect-error plain ESM shared with bench/ (no declarations)
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';

// Videos play without a click in the tests, as after a viewer's first click on the page.
const ARGS = [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'];

export const baseURL = (): string => inject('baseURL');

/**
 * How long a click, a fill or a wait for an element may take before it fails: a ceiling for a busy
 * 2-core machine (issue 26), not an expectation; each wait ends as soon as what it awaits is there.
 */
export const ACTION_CEILING_MS = 60_000;

export interface BrowserFixture {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** Chromium's fake camera and microphone (a test pattern and a beep), granted without asking; screen
 * capture gets the whole (virtual) screen without a picker. For the recording journeys. */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export interface BrowserOptions {
  /** Chromium flags added to the usual ones, e.g. FAKE_MEDIA_ARGS. */
  args?: string[];
  /** Permissions granted to every context, e.g. ['camera']; anything else asked for is denied. */
  permissions?: string[];
}

/**
 * One browser per spec file (or per describe block that calls it) and a fresh context (empty
 * localStorage) per test. Use: `const b = useBrowser();` then `b.page` inside tests.
 */
export function useBrowser(options: BrowserOptions = {}): BrowserFixture {
  const fixture = {} as BrowserFixture;
  beforeAll(async () => {
    fixture.browser = await chromium.launch({
      executablePath: CHROMIUM_PATH as string,
      args: [...(ARGS as string[]), ...(options.args ?? [])],
    });
  });
  beforeEach(async () => {
    fixture.context = await fixture.browser.newContext({
      baseURL: baseURL(),
      ...(options.permissions && { permissions: options.permissions }),
    });
    fixture.context.setDefaultTimeout(ACTION_CEILING_MS);
    fixture.page = await fixture.context.newPage();
  });
  afterEach(async () => {
    await fixture.context?.close();
  });
  afterAll(async () => {
    await fixture.browser?.close();
  });
  return fixture;
}

/** Opens a new page in its own context (a second user in the same test). */
export async function newUserPage(fixture: BrowserFixture): Promise<Page> {
  const context = await fixture.browser.newContext({ baseURL: baseURL() });
  context.setDefaultTimeout(ACTION_CEILING_MS);
  return context.newPage();
}

/** Resolves once the page's events stream has answered 200 (events now flow to it). */
export const streamOpened = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
