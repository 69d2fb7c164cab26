import fs from 'node:fs';
import path from 'node:path';
import { VIDEO_ID_HEADER } from '@lectern/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp } from '../../../test/test-app';
import { lectureBytes as bytes, useTusServer } from './test/tus-server';
import { uploadRowCounts } from './test/video-world';

// Resumable uploads behind a load balancer: two instances on one PostgreSQL database and one DATA_DIR.
// The upload's state is on the shared disk, and its locks and its completion are shared through the
// database (DESIGN §11). PostgreSQL only (vitest.config.ts).

const s = useTusServer();
const { createOk, patch, head } = s;
const other = {} as { app: FastifyInstance; base: string };
beforeAll(async () => {
  other.app = await createSiblingApp(s.t);
  other.base = await other.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => other.app.close());

const onOther = (url: string) => url.replace(s.base, other.base);
const videoIdOf = (res: Response) => res.headers.get(VIDEO_ID_HEADER);

describe('a tus upload over two instances', () => {
  it('is started on one instance and finished on the other into one video', async () => {
    const url = await createOk();
    const half = Math.floor(bytes.length / 2);
    expect((await patch(url, 0, bytes.subarray(0, half))).status).toBe(204);
    const before = await uploadRowCounts(s.t);
    expect((await head(onOther(url))).headers.get('upload-offset')).toBe(String(half));
    const last = await patch(onOther(url), half, bytes.subarray(half));
    expect(last.status).toBe(204);
    expect(videoIdOf(last)).toMatch(/^[0-9a-f-]{36}$/);
    expect((await uploadRowCounts(s.t)).videos).toBe(before.videos + 1);
  });

  it('completes once when both instances are asked to complete it at the same moment (FI-2)', async () => {
    const url = await createOk();
    expect((await patch(url, 0, bytes.subarray(0, -1))).status).toBe(204);
    // All bytes on the shared disk, no completion yet: what a crash right after the last write leaves.
    const id = new URL(url).pathname.split('/').pop()!;
    fs.appendFileSync(path.join(s.t.config.uploadsDir, id), bytes.subarray(-1));
    const before = await uploadRowCounts(s.t);
    const answers = await Promise.all([head(url), head(onOther(url)), head(url), head(onOther(url))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map(videoIdOf)).size).toBe(1);
    expect((await uploadRowCounts(s.t)).videos).toBe(before.videos + 1);
  });
});
