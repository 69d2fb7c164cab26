import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../../jobs/job-queue';
import { downloadRecording } from './recording-download';

// The recording download fetches from the configured BigBlueButton origin only and follows no redirect:
// a 302 to another host (here a second local server standing for the campus network) gets nothing.

const VIDEO = Buffer.from('recorded video bytes');
const listen = async (handler: http.RequestListener) => {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

let bbb: Awaited<ReturnType<typeof listen>>;
let elsewhere: Awaited<ReturnType<typeof listen>>;
let elsewhereHits = 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-recording-'));
const target = path.join(dir, 'video');

beforeAll(async () => {
  elsewhere = await listen((_req, res) => {
    elsewhereHits += 1;
    res.end(VIDEO);
  });
  bbb = await listen((req, res) => {
    if (req.url === '/playback/video/rec-1/video-0.m4v') return void res.end(VIDEO);
    if (req.url?.startsWith('/playback/video/moved/'))
      return void res.writeHead(302, { location: `${elsewhere.origin}/internal.mp4` }).end();
    res.writeHead(404).end();
  });
});
afterAll(async () => {
  for (const { server } of [bbb, elsewhere]) await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const download = (url: string) =>
  downloadRecording(url, `${bbb.origin}/bigbluebutton/`, target, 1024, AbortSignal.timeout(5000));

describe('recording download', () => {
  it('downloads the playback file from the configured server', async () => {
    await download(`${bbb.origin}/playback/video/rec-1/`);
    expect(fs.readFileSync(target)).toEqual(VIDEO);
  });

  it('refuses a playback URL on another host, for good, without asking it', async () => {
    await expect(download(`${elsewhere.origin}/playback/video/rec-1/`)).rejects.toBeInstanceOf(
      PermanentJobError,
    );
    expect(elsewhereHits).toBe(0);
  });

  it('follows no redirect, even from the configured server', async () => {
    await expect(download(`${bbb.origin}/playback/video/moved/`)).rejects.toThrow();
    expect(elsewhereHits).toBe(0);
  });
});
