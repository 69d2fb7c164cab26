import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_KINDS, VIDEO_ID_HEADER } from '@lectern/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createUpload, headUpload, patchUpload, tusMetadata } from '../src/features/videos/test/tus-requests';
import { type ChildServer, killAll, postJson, spawnServer, waitHealthy } from './child-server';
import { FIXTURES_DIR } from './seed';

// SECURITY FI-8: SIGTERM while 100 requests a second and an upload are under way. Requests sent before the
// signal get their answers (no 5xx); later ones get 503 or a refused connection; the process is gone within
// 10 s; every acknowledged upload byte is kept and the upload resumes after the restart. The real server as
// a child process on the embedded database (PostgreSQL would add nothing to what the signal does).

interface Outcome {
  sentAt: number;
  status: number | 'refused';
}

/** GET /api/health every 10 ms until stopped, recording when each was sent and how it ended. */
function steadyLoad(server: ChildServer) {
  const outcomes: Promise<Outcome>[] = [];
  let served = 0;
  const timer = setInterval(() => {
    const sentAt = Date.now();
    outcomes.push(
      fetch(`${server.url}/api/health`).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status === 200) served += 1;
          return { sentAt, status: res.status };
        },
        () => ({ sentAt, status: 'refused' as const }),
      ),
    );
  }, 10);
  return {
    /** Resolves once `count` requests have been served: on a busy machine that takes longer than planned. */
    servedAtLeast: async (count: number) => {
      while (served < count) await new Promise((r) => setTimeout(r, 20));
    },
    stop: async () => {
      clearInterval(timer);
      return Promise.all(outcomes);
    },
  };
}

/** A PATCH that sends `body` 512 bytes every 100 ms (longer than the 5 s grace) until the server cuts it. */
function tricklePatch(url: string, auth: Record<string, string>, offset: number, body: Buffer) {
  return new Promise<void>((resolve) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(body.length),
      },
    });
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= body.length) return clearInterval(timer);
      req.write(body.subarray(sent, sent + 512));
      sent += 512;
    }, 100);
    const done = () => (clearInterval(timer), resolve());
    req
      .on('error', done)
      .on('close', done)
      .on('response', (res) => res.resume());
  });
}

/** A POST whose headers and first half of body are sent now; `finish()` sends the rest and awaits the status. */
function halfSentPost(url: string, body: object) {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  const req = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) },
  });
  const status = new Promise<number | 'reset'>((resolve) => {
    req.on('response', (res) => (res.resume(), resolve(res.statusCode!))).on('error', () => resolve('reset'));
  });
  req.write(bytes.subarray(0, half));
  return {
    finish: () => {
      req.end(bytes.subarray(half));
      return status;
    },
  };
}

describe('SIGTERM under load (SECURITY FI-8)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-sigterm-'));
  const running: ChildServer[] = [];
  afterAll(async () => {
    await killAll(running);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const start = async () => {
    const server = await spawnServer(dataDir);
    running.push(server);
    await waitHealthy(server);
    return server;
  };

  it('answers what it accepted, refuses the rest, exits in time and keeps the upload', async () => {
    const first = await start();
    const account = { email: `term-${Date.now()}@test.lectern`, password: 'correct horse battery' };
    const signup = await postJson(first, '/api/signup/', { name: 'Prof Term', ...account });
    const { id, token } = (await signup.json()) as { id: string; token: string };
    const auth = { authorization: `Bearer ${token}` };
    const course = (await (
      await postJson(first, '/api/courses', { name: 'Signals', description: 'SIGTERM', adminId: id }, token)
    ).json()) as { id: string };
    const now = Date.now();
    const lecture = (await (
      await postJson(
        first,
        '/api/upload/createLectureOnly',
        {
          courseID: course.id,
          title: 'Shutdown',
          topic: 'Signals',
          lectureDate: new Date(now).toISOString(),
          lectureDateStart: new Date(now).toISOString(),
          lectureDateEnd: new Date(now + 3600_000).toISOString(),
        },
        token,
      )
    ).json()) as { id: string };

    const bytes = fs.readFileSync(path.join(FIXTURES_DIR, 'lecture-10s.mp4'));
    const metadata = tusMetadata({
      kind: UPLOAD_KINDS.lectureVideo,
      courseID: course.id,
      lectureID: lecture.id,
      title: 'Through a restart',
    });
    const created = await createUpload(first.url, auth, bytes.length, metadata);
    expect(created.status).toBe(201);
    const uploadPath = new URL(created.headers.get('location')!, first.url).pathname;
    const acknowledged = 20_000;
    const firstPart = await patchUpload(
      `${first.url}${uploadPath}`,
      auth,
      0,
      bytes.subarray(0, acknowledged),
    );
    expect(firstPart.headers.get('upload-offset')).toBe(String(acknowledged));

    const load = steadyLoad(first);
    const uploading = tricklePatch(
      `${first.url}${uploadPath}`,
      auth,
      acknowledged,
      bytes.subarray(acknowledged),
    );
    const inFlight = halfSentPost(`${first.url}/api/login`, account);
    // The signal comes under load: a second of it, and at least 20 requests served, however busy the machine.
    await new Promise((r) => setTimeout(r, 1000));
    await load.servedAtLeast(20);
    const signalAt = Date.now();
    first.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const inFlightStatus = await inFlight.finish();
    const code = await first.exited;
    const exitedAfter = Date.now() - signalAt;
    const outcomes = await load.stop();
    await uploading;

    expect(code).toBe(0);
    expect(exitedAfter).toBeLessThan(10_000);
    // The request the server was reading when the signal came is answered as usual.
    expect(inFlightStatus).toBe(200);
    // Under load the client's own send times are approximate, so the steady requests are judged by what
    // each got: served, or refused as new (503, connection refused), never an error; and a second after
    // the signal the server surely refuses.
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThanOrEqual(20);
    expect(outcomes.filter((o) => ![200, 503, 'refused'].includes(o.status))).toEqual([]);
    const after = outcomes.filter((o) => o.sentAt >= signalAt + 1000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((o) => o.status !== 'refused' && o.status !== 503)).toEqual([]);

    const second = await start();
    const resumedAt = Number(
      (await headUpload(`${second.url}${uploadPath}`, auth)).headers.get('upload-offset'),
    );
    expect(resumedAt).toBeGreaterThanOrEqual(acknowledged);
    const rest = await patchUpload(`${second.url}${uploadPath}`, auth, resumedAt, bytes.subarray(resumedAt));
    expect(rest.status).toBe(204);
    const videoId = rest.headers.get(VIDEO_ID_HEADER);
    const listed = await fetch(`${second.url}/api/upload/lecture-videos/${lecture.id}`, { headers: auth });
    expect(((await listed.json()) as { id: string }[]).map((v) => v.id)).toContain(videoId);
  });
});
