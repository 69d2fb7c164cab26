// Watch page → first video frame: headless Chromium opens Lectern's /video/:id for a processed mp4 lecture
// (signed in as a student of the course, and anonymously) until the <video> has its first frame, beside a
// plain page with only a <video> of the same file served by nginx. Each run is a new browser context
// (cold cache); times are from the navigation's start. Issue 14 aim: within 1.3x the plain page. It also
// prints the plain page with the COOP header Lectern does not send, whose cost is a new renderer.
// Knobs: BENCH_FIRST_FRAME_REPEAT (cold loads per figure, 15), BENCH_MEDIA_MB (100). One cold load's time
// spreads by ±15 ms around its median on the 2-core machine: a median of 5 moved the ratio by ±0.1 between
// runs of one build; 15 (about 40 s) keep it within a few hundredths.
/* global window, document, MutationObserver -- functions below run in the page, through Playwright */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { webDist, ensureWebBuild } from '../../scripts/lib/web-build.mjs';
import { api, instructorWithLecture, processedVideo } from '../lib/api.mjs';
import { makeLargeMp4 } from '../lib/media-file.mjs';
import { startNginx } from '../lib/nginx.mjs';
import { startLectern, tempDir } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';

const REPEAT = Number(process.env.BENCH_FIRST_FRAME_REPEAT ?? 15);
const MEDIA_MB = Number(process.env.BENCH_MEDIA_MB ?? 100);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * In the page before any of its scripts: resolves `window.firstFrame` with the ms since the navigation
 * started when the first <video> presents a frame (requestVideoFrameCallback) or has one ('loadeddata'),
 * whichever Chromium reports first.
 */
function watchFirstFrame() {
  window.firstFrame = new Promise((resolve) => {
    const done = () => resolve(performance.now());
    const seen = new WeakSet();
    new MutationObserver(() => {
      const video = document.querySelector('video');
      if (!video || seen.has(video)) return;
      seen.add(video);
      video.requestVideoFrameCallback(done);
      video.addEventListener('loadeddata', done, { once: true });
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Ms to the first frame at `url` in a new context; `session` is put in localStorage first (signed in). */
async function firstFrameMs(browser, url, session) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(watchFirstFrame);
    if (session) {
      await context.addInitScript((value) => localStorage.setItem('lectern.session', value), session);
    }
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    // A page that never shows a video (an error page) fails the scenario rather than hanging it.
    return await page.evaluate(() =>
      Promise.race([
        window.firstFrame,
        new Promise((_, reject) => setTimeout(() => reject(new Error('no video frame in 30 s')), 30_000)),
      ]),
    );
  } finally {
    await context.close();
  }
}

/** A student of the course, as the web app stores a session. */
async function studentSession(base, courseId) {
  const email = `student-${Date.now()}@bench.lectern`;
  const student = await api(base, '/api/signup/', {
    body: { name: 'Bench Student', email, password: 'bench password 1' },
  });
  await api(base, '/api/courses/join', { token: student.token, body: { courseId } });
  return JSON.stringify({ token: student.token, userId: student.id });
}

export async function run() {
  ensureWebBuild();
  const work = tempDir('first-frame');
  const lectern = await startLectern({ WEB_DIST_DIR: webDist });
  let nginx;
  let browser;
  try {
    const owner = await instructorWithLecture(lectern.url);
    const { video } = await processedVideo(
      lectern.url,
      owner,
      makeLargeMp4(MEDIA_MB, path.join(work, 'lecture.mp4')),
    );
    const session = await studentSession(lectern.url, owner.courseId);

    // The same processed file, in a page that is nothing but a <video> with the player's attributes.
    const [name] = video.videoSource.slice('/media/'.length).split('?');
    const www = path.join(work, 'www');
    fs.mkdirSync(www);
    fs.linkSync(path.join(lectern.dataDir, 'media', name), path.join(www, name));
    const plainPage = `<!doctype html><title>plain</title><video src="/${name}" controls preload="metadata" playsinline></video>`;
    fs.writeFileSync(path.join(www, 'index.html'), plainPage);
    // The same page with a header Lectern leaves out for the first frame's sake (decisions.md, "No COOP or
    // Origin-Agent-Cluster header"), so that what it would cost stays in view.
    fs.writeFileSync(path.join(www, 'with-coop.html'), plainPage);
    nginx = await startNginx(
      www,
      'location = /with-coop.html { add_header Cross-Origin-Opener-Policy same-origin; }',
    );

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const watchUrl = `${lectern.url}/video/${video.id}?lectureId=${owner.lectureId}`;
    const runs = { signedIn: [], anonymous: [], plain: [], withCoop: [] };
    for (let i = 0; i < REPEAT; i += 1) {
      // Interleaved, so that a busy moment of the shared machine touches all three alike.
      runs.signedIn.push(await firstFrameMs(browser, watchUrl, session));
      runs.anonymous.push(await firstFrameMs(browser, watchUrl));
      runs.plain.push(await firstFrameMs(browser, `${nginx.url}/`));
      runs.withCoop.push(await firstFrameMs(browser, `${nginx.url}/with-coop.html`));
    }
    const [signedIn, anonymous, plain, withCoop] = [
      runs.signedIn,
      runs.anonymous,
      runs.plain,
      runs.withCoop,
    ].map(median);
    console.log(
      `first-frame: ${(fs.statSync(path.join(www, name)).size / 1e6).toFixed(0)} MB 720p mp4, median of ${REPEAT} cold loads`,
    );
    console.log(`  watch page, signed-in student   ${signedIn.toFixed(0)} ms`);
    console.log(`  watch page, anonymous           ${anonymous.toFixed(0)} ms`);
    console.log(`  plain <video> page on nginx     ${plain.toFixed(0)} ms`);
    console.log(
      `  the same with COOP              ${withCoop.toFixed(0)} ms (${(withCoop / plain).toFixed(2)}x)`,
    );
    for (const [who, ms] of [
      ['signed-in student', signedIn],
      ['anonymous', anonymous],
    ]) {
      tableRow({
        what: `watch page → first video frame (${who})`,
        ours: `${ms.toFixed(0)} ms`,
        reference: `${plain.toFixed(0)} ms plain <video> on nginx`,
        ratio: ms / plain,
        aim: '≤ 1.3×',
      });
    }
  } finally {
    await browser?.close();
    await nginx?.stop();
    await lectern.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
