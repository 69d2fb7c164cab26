import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LectureVideoItem, VideoDto } from '@lectern/shared';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type ChildServer, killAll, postJson, spawnServer, waitHealthy } from '../../../test/child-server';
import { heldFfmpeg } from '../media/test/held-ffmpeg';
import { fixture } from './test/video-world';

// kill -9 while a video is being converted (issue 9): after a restart its job runs again and finishes,
// and the dead run's work files are gone. The real server as a child process on the embedded database
// (PGlite: a lease left by a dead process ends at start; PostgreSQL's would take a minute to expire).

describe('a conversion killed with -9', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-processing-crash-'));
  const running: ChildServer[] = [];
  const ffmpeg = heldFfmpeg();
  afterEach(() => killAll(running));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const start = async (env: Record<string, string> = {}) => {
    const server = await spawnServer(dataDir, env);
    running.push(server);
    await waitHealthy(server);
    return server;
  };
  async function json<T>(res: Response): Promise<T> {
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  it('runs again after the restart and finishes', async () => {
    const first = await start({ FFMPEG_PATH: ffmpeg.path });
    const { token } = await json<{ token: string }>(
      await postJson(first, '/api/signup/', {
        name: 'Prof Crash',
        email: `${randomUUID()}@test.lectern`,
        password: 'survives a crash',
      }),
    );
    const course = await json<{ id: string }>(
      await postJson(first, '/api/courses', { name: 'Crashes', description: 'kill -9' }, token),
    );
    const hour = 3_600_000;
    const lecture = await json<{ id: string }>(
      await postJson(
        first,
        '/api/upload/createLectureOnly',
        {
          courseID: course.id,
          title: 'Recovery',
          topic: 'Jobs',
          lectureDate: new Date(Date.now() - hour).toISOString(),
          lectureDateStart: new Date(Date.now() - hour).toISOString(),
          lectureDateEnd: new Date(Date.now() + hour).toISOString(),
        },
        token,
      ),
    );
    ffmpeg.hold(true);
    const form = new FormData();
    for (const [k, v] of Object.entries({ courseID: course.id, lectureID: lecture.id, title: 'Recorded' }))
      form.append(k, v);
    form.append('file', new Blob([fixture('input-vp9-opus.webm')]), 'talk.webm');
    const uploaded = await json<VideoDto>(
      await fetch(`${first.url}/api/upload/videoFileToLecture`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }),
    );
    expect(uploaded.status).toBe('processing');
    await ffmpeg.waiting(); // the conversion is under way
    first.proc.kill('SIGKILL');
    await first.exited;

    const second = await start();
    // A re-encode at niceness 10 on a busy 2-core machine can take a minute by itself.
    const deadline = Date.now() + 150_000;
    let video: LectureVideoItem | undefined;
    while (Date.now() < deadline) {
      const list = await json<LectureVideoItem[]>(
        await fetch(`${second.url}/api/lectures/lectureVideos/${lecture.id}`),
      );
      video = list.find((v) => v.id === uploaded.id);
      if (video) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(video).toMatchObject({ status: 'ready', title: 'Recorded' });
    const bytes = Buffer.from(await (await fetch(`${second.url}${video!.videoSource}`)).arrayBuffer());
    expect(bytes.toString('latin1', 4, 8)).toBe('ftyp');
    const leftovers = [
      ...fs.readdirSync(path.join(dataDir, 'media', '.incoming')),
      ...fs.readdirSync(path.join(dataDir, 'media', 'originals')),
    ];
    expect(leftovers).toEqual([]);
    // The dead server's held ffmpeg goes on now; with no one reading its progress it stops at once.
    ffmpeg.hold(false);
  });
});
