import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PermanentJobError } from '../../../jobs/job-queue';

// The `video` playback of a BigBlueButton recording (bbb-playback-video): its format URL names either the
// file itself or the playback folder holding `video-0.m4v` (mp4 output) or `video-0.webm` (the default).
// The download goes to the configured BigBlueButton origin only, and follows no redirect: the URL comes
// from the server's XML, and a redirect (or a forged answer) must not make Lectern fetch from inside the
// campus network or from any other host.

export const DOWNLOAD_TIMEOUT_MS = 30 * 60_000;
const MEDIA_FILE = /\.(mp4|m4v|webm)$/i;

/** The file URLs to try for a `video` format URL, most likely first. */
export function videoFileCandidates(formatUrl: string): string[] {
  if (MEDIA_FILE.test(new URL(formatUrl).pathname)) return [formatUrl];
  const folder = formatUrl.endsWith('/') ? formatUrl : `${formatUrl}/`;
  return [`${folder}video-0.m4v`, `${folder}video-0.webm`];
}

/**
 * Downloads the first candidate that exists to `target`, at most `maxBytes` (a bigger file is refused for
 * good), within DOWNLOAD_TIMEOUT_MS or until `signal` aborts (then the job retries). A URL outside
 * `allowedOrigin` is refused for good; a redirect fails the attempt.
 */
export async function downloadRecording(
  formatUrl: string,
  allowedOrigin: string,
  target: string,
  maxBytes: number,
  signal: AbortSignal,
): Promise<void> {
  if (new URL(formatUrl).origin !== new URL(allowedOrigin).origin)
    throw new PermanentJobError('The recording is not on the configured BigBlueButton server');
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]);
  for (const url of videoFileCandidates(formatUrl)) {
    const res = await fetch(url, { signal: deadline, redirect: 'error' });
    if (res.status === 404) continue;
    if (!res.ok || !res.body) throw new Error(`Recording download answered HTTP ${res.status}`);
    if (Number(res.headers.get('content-length') ?? 0) > maxBytes)
      throw new PermanentJobError('The recording is larger than the upload limit');
    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(
          received > maxBytes ? new PermanentJobError('The recording is larger than the upload limit') : null,
          chunk,
        );
      },
    });
    try {
      await pipeline(Readable.fromWeb(res.body as WebReadableStream), limit, fs.createWriteStream(target), {
        signal: deadline,
      });
    } catch (error) {
      await fsp.rm(target, { force: true });
      throw error;
    }
    return;
  }
  throw new PermanentJobError('The recording has no video file');
}
