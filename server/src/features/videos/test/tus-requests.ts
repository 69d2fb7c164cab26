import http from 'node:http';
import { UPLOAD_KINDS } from '@lectern/shared';
import type { VideoWorld } from './video-world';

// Raw tus 1.0 requests for the API tests (tus needs a listening server: app.listen on port 0).

type Auth = Record<string, string>;
const TUS = { 'tus-resumable': '1.0.0' };
export const b64 = (s: string) => Buffer.from(s).toString('base64');

/** An Upload-Metadata header: `key base64(value)` pairs. */
export const tusMetadata = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

/** Upload-Metadata for a lecture video of course A, lecture A, with overrides or extra keys. */
export const lectureVideoMetadata = (w: VideoWorld, over: Record<string, string> = {}) =>
  tusMetadata({
    kind: UPLOAD_KINDS.lectureVideo,
    courseID: w.courseA,
    lectureID: w.lectureA,
    title: 'Taped',
    ...over,
  });

export const createUpload = (base: string, auth: Auth, length: number, metadata: string) =>
  fetch(`${base}/tus/`, {
    method: 'POST',
    headers: { ...auth, ...TUS, 'upload-length': String(length), 'upload-metadata': metadata },
  });

const patchHeaders = (auth: Auth, offset: number) => ({
  ...auth,
  ...TUS,
  'upload-offset': String(offset),
  'content-type': 'application/offset+octet-stream',
});

export const patchUpload = (url: string, auth: Auth, offset: number, body: Buffer) =>
  fetch(url, { method: 'PATCH', headers: patchHeaders(auth, offset), body });

export const headUpload = (url: string, auth: Auth) =>
  fetch(url, { method: 'HEAD', headers: { ...auth, ...TUS } });

export const deleteUpload = (url: string, auth: Auth) =>
  fetch(url, { method: 'DELETE', headers: { ...auth, ...TUS } });

/** Sends the first `sent` bytes of a PATCH body, then drops the connection (a flaky network). */
export function patchAndDrop(
  url: string,
  auth: Auth,
  offset: number,
  body: Buffer,
  sent: number,
): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: { ...patchHeaders(auth, offset), 'content-length': String(body.length) },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(body.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
  });
}

/** The offset the server reports once the dropped request has released the upload's lock. */
export async function settledOffset(url: string, auth: Auth): Promise<number> {
  for (let i = 0; i < 50; i += 1) {
    const res = await headUpload(url, auth);
    const offset = Number(res.headers.get('upload-offset'));
    if (res.status === 200 && offset > 0) return offset;
    await new Promise((r) => setTimeout(r, 100));
  }
  return 0;
}
