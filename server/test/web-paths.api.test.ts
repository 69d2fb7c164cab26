import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './test-app';

// Issue 12 (Low): only the web app's own paths are public without a policy (its pages and files), and
// its source maps are never served.

describe('the web app’s paths', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-web-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Lectern</title>');
    fs.writeFileSync(
      path.join(dist, 'assets', 'app-1234.js'),
      'console.log(1);\n//# sourceMappingURL=app-1234.js.map',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js.map'), '{"sources":["secret.tsx"]}');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the app’s pages and files to anyone, and never a source map', async () => {
    expect((await get('/assets/app-1234.js')).statusCode).toBe(200);
    const page = await get('/courses/some-course');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Lectern</title>');
    const map = await get('/assets/app-1234.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.tsx');
  });

  it('declares every other route’s policy', () => {
    const files = new Set(['/index.html', '/assets/app-1234.js', '/assets/app-1234.js.map']);
    const missing = t.app.routePolicies.filter((r) => r.auth === undefined && !files.has(r.url));
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
