import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { seedCourse, seedLecture, seedMedia, seedVideo } from '../../test/seed';
import { type TestApp, createTestApp } from '../../test/test-app';

// The watch page's shell filled in by the server (issue 14, first frame): only for a video anyone may
// watch; anything else gets the page as built, and the browser's reads (or the app) take it from there.

const HOUR = 3_600_000;

describe('the watch page’s shell', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-shell-'));
  const watchPage = [
    '<!doctype html><title>Lectern</title>',
    '<div id="early-watch" class="app-shell" hidden><h1></h1>',
    '<video class="player-media"></video></div><div id="root"></div>',
  ].join('\n');
  const ids = { released: '', unreleased: '', youtube: '' };

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDir, 'watch.html'), watchPage);
    t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
    const owner = await createUser(t.app);
    const course = await seedCourse(t.db, owner.id);
    const now = t.clock.now();
    const released = await seedLecture(t.db, course.id, now);
    const unreleased = await seedLecture(t.db, course.id, now, {
      lectureDateAvailable: new Date(now.getTime() + HOUR),
    });
    const sha = await seedMedia(t.db, t.media);
    ids.released = (await seedVideo(t.db, released.id, { title: 'Aliasing <live>', mediaSha256: sha })).id;
    ids.unreleased = (await seedVideo(t.db, unreleased.id, { title: 'Not yet', mediaSha256: sha })).id;
    ids.youtube = (await seedVideo(t.db, released.id, { title: 'On YouTube' })).id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('shows a released video’s title and media in the page, and the page is never stored', async () => {
    const res = await get(`/video/${ids.released}?lectureId=whatever`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<div id="early-watch" class="app-shell">');
    expect(res.body).toContain('<h1>Aliasing &lt;live&gt;</h1>');
    const src = /<video src="([^"]+)"/.exec(res.body)![1]!.replace(/&amp;/g, '&');
    // The very media URL anyone's video read gives, and it plays.
    const read = (await get(`/api/upload/${ids.released}`)).json<{ videoSource: string }>();
    expect(new URL(src, 'http://x').pathname).toBe(new URL(read.videoSource, 'http://x').pathname);
    const media = await t.app.inject({ method: 'GET', url: src, headers: { range: 'bytes=0-99' } });
    expect(media.statusCode).toBe(206);
  });

  it('sends the page as built for a video not everyone may watch, unknown, on YouTube or malformed', async () => {
    for (const id of [ids.unreleased, '00000000-0000-4000-8000-000000000000', ids.youtube, 'not-an-id'])
      expect((await get(`/video/${id}`)).body).toBe(watchPage);
    expect((await get(`/video/${ids.released}/an-answer`)).body).toContain('<h1>Aliasing &lt;live&gt;</h1>');
  });
});
