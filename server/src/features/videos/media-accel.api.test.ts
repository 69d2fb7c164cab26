import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LectureVideoItem, VideoDto } from '@lectern/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, killAll, postJson, spawnServer, waitHealthy } from '../../../test/child-server';
import { type Nginx, startNginx } from '../../../test/nginx';
import { fixture } from './test/video-world';

// MEDIA_ACCEL_PREFIX (docs/deploy.md): Lectern decides who may have a file, nginx running the repository's
// deploy/nginx/lectern.conf sends it. The real server as a child process on the embedded database.

const ACCEL = '/_lectern_media/';
const HOUR = 3_600_000;

describe('media served by nginx after Lectern authorises it', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-media-accel-'));
  const running: ChildServer[] = [];
  let server: ChildServer;
  let nginx: Nginx;
  let released: VideoDto;
  let hidden: VideoDto;

  async function json<T>(res: Response): Promise<T> {
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function lectureWithVideo(
    token: string,
    courseID: string,
    releasedAt: Date,
    file: string,
  ): Promise<VideoDto> {
    const lecture = await json<{ id: string }>(
      await postJson(
        server,
        '/api/upload/createLectureOnly',
        {
          courseID,
          title: `Lecture ${releasedAt.toISOString()}`,
          topic: 'Delivery',
          lectureDate: releasedAt.toISOString(),
          lectureDateStart: releasedAt.toISOString(),
          lectureDateEnd: new Date(releasedAt.getTime() + HOUR).toISOString(),
        },
        token,
      ),
    );
    const form = new FormData();
    for (const [k, v] of Object.entries({ courseID, lectureID: lecture.id, title: 'Talk' }))
      form.append(k, v);
    form.append('file', new Blob([fixture(file)]), 'talk.mp4');
    const uploaded = await json<VideoDto>(
      await fetch(`${server.url}/api/upload/videoFileToLecture`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }),
    );
    const deadline = Date.now() + 150_000; // a ceiling: a conversion on a busy 2-core machine
    while (Date.now() < deadline) {
      const list = await json<LectureVideoItem[]>(
        await fetch(`${server.url}/api/lectures/lectureVideos/${lecture.id}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      if (list.find((v) => v.id === uploaded.id)?.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    return json<VideoDto>(
      await fetch(`${server.url}/api/upload/${uploaded.id}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
  }

  beforeAll(async () => {
    server = await spawnServer(dataDir, { MEDIA_ACCEL_PREFIX: ACCEL });
    running.push(server);
    await waitHealthy(server);
    nginx = await startNginx(
      path.join(dataDir, 'nginx'),
      [new URL(server.url).host],
      path.join(dataDir, 'media'),
    );
    const { token } = await json<{ token: string }>(
      await postJson(server, '/api/signup/', {
        name: 'Prof Accel',
        email: `${randomUUID()}@test.lectern`,
        password: 'bytes by nginx',
      }),
    );
    const course = await json<{ id: string }>(
      await postJson(server, '/api/courses', { name: 'Delivery', description: 'X-Accel-Redirect' }, token),
    );
    // Two different files: media is content-addressed, so one file in a released lecture is released.
    released = await lectureWithVideo(token, course.id, new Date(Date.now() - HOUR), 'lecture-6s.mp4');
    hidden = await lectureWithVideo(token, course.id, new Date(Date.now() + 24 * HOUR), 'lecture-10s.mp4');
  });

  afterAll(async () => {
    await nginx?.stop();
    await killAll(running);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const stored = (video: VideoDto) => {
    const name = /\/media\/([a-f0-9]{64}\.mp4)/.exec(video.videoSource)![1]!;
    return fs.readFileSync(path.join(dataDir, 'media', name));
  };
  const bare = (video: VideoDto) => video.videoSource.split('?')[0]!;

  it('answers Lectern’s own request with the redirect and no bytes', async () => {
    const res = await fetch(`${server.url}${bare(released)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-accel-redirect')).toBe(`${ACCEL}${bare(released).slice('/media/'.length)}`);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('sends the whole file and byte ranges through nginx, with Lectern’s type and caching', async () => {
    const bytes = stored(released);
    const whole = await fetch(`${nginx.url}${released.videoSource}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await fetch(`${nginx.url}${released.videoSource}`, { headers: { range: 'bytes=100-1123' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1123/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 1124))).toBe(true);
  });

  it('keeps the release check and the grant: an unreleased file needs its signed URL', async () => {
    expect((await fetch(`${nginx.url}${bare(hidden)}`)).status).toBe(404);
    const signed = await fetch(`${nginx.url}${hidden.videoSource}`);
    expect(signed.status).toBe(200);
    expect(Buffer.from(await signed.arrayBuffer()).equals(stored(hidden))).toBe(true);
  });

  it('never serves the internal location to a client', async () => {
    const res = await fetch(`${nginx.url}${ACCEL}${bare(released).slice('/media/'.length)}`);
    expect(res.status).toBe(404);
  });
});
