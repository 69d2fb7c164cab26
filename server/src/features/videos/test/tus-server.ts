import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { createUpload, headUpload, lectureVideoMetadata, patchUpload } from './tus-requests';
import { fixture, seedVideoWorld, type VideoWorld } from './video-world';

// The setup both tus API test files share: tus needs a listening server, so the test app listens on
// port 0, with an upload limit small enough to exceed yet above the 10 s fixture.

type Auth = Record<string, string>;

export const TUS_MAX_BYTES = 200_000;
export const lectureBytes = fixture('lecture-10s.mp4');

/**
 * Registers the file's beforeAll/afterAll and returns the server (t, w and base are set once
 * beforeAll has run) with request helpers that default to the admin of course A.
 */
export function useTusServer() {
  const s = {} as { t: TestApp; w: VideoWorld; base: string };
  beforeAll(async () => {
    s.t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(TUS_MAX_BYTES) } });
    s.w = await seedVideoWorld(s.t);
    s.base = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => s.t.close());

  const metadata = (over: Record<string, string> = {}) => lectureVideoMetadata(s.w, over);
  const create = (auth: Auth, length: number, meta = metadata()) => createUpload(s.base, auth, length, meta);
  /** Creates an upload as the admin and returns its absolute URL. */
  async function createOk(length = lectureBytes.length, meta?: string): Promise<string> {
    const res = await create(s.w.admin.auth, length, meta);
    expect(res.status, await res.clone().text()).toBe(201);
    return new URL(res.headers.get('location')!, s.base).href;
  }
  const patch = (url: string, offset: number, body: Buffer, auth = s.w.admin.auth) =>
    patchUpload(url, auth, offset, body);
  const head = (url: string, auth = s.w.admin.auth) => headUpload(url, auth);

  return Object.assign(s, { metadata, create, createOk, patch, head });
}
