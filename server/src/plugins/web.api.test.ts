import fs from 'node:fs';
import os from 'node:os';
import { createHash } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app';

// The web build's .br and .gz siblings (web/build-tools/precompress.ts) go to browsers that accept them.

describe('the web app’s files', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-web-'));
  const script = 'export const lectern = "questions pinned to a moment";\n'.repeat(200);
  const earlyScript = 'window.early = "reads";';
  const page = `<!doctype html><title>Lectern</title><script>${earlyScript}</script>${'<meta name="x" content="y">'.repeat(100)}`;
  const watchPage = page.replace('<title>', '<link rel="modulepreload" href="/assets/app-1234.js"><title>');

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, 'assets'));
    const write = (name: string, text: string) => {
      fs.writeFileSync(path.join(webDir, name), text);
      fs.writeFileSync(path.join(webDir, `${name}.br`), zlib.brotliCompressSync(text));
      fs.writeFileSync(path.join(webDir, `${name}.gz`), zlib.gzipSync(text));
    };
    write('assets/app-1234.js', script);
    write('index.html', page);
    write('watch.html', watchPage);
    t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli file to a browser that accepts br, else gzip, else the file itself', async () => {
    const br = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/app-1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses the page every client-side route answers with', async () => {
    const res = await get('/course/some-course', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('answers the watch page’s URLs with its own copy of the page, which preloads its chunks', async () => {
    for (const url of ['/video/some-video?lectureId=l', '/Video/some-video/an-answer']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(watchPage);
    }
    expect((await get('/videoAdmin/some-video')).body).toBe(page);
  });

  it('lets the page’s own inline script run by its hash, and no other inline script', async () => {
    const csp = String((await get('/course/some-course')).headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
    const hash = `'sha256-${createHash('sha256').update(earlyScript).digest('base64')}'`;
    expect(scriptSrc).toContain(hash);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toEqual([hash]);
  });
});
