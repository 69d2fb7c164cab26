import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends the security headers of SECURITY HDR-1 and HDR-2', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options'], 'X-Frame-Options agrees with frame-ancestors').toBe('DENY');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends neither COOP nor Origin-Agent-Cluster, which start a page in a second renderer (decisions.md)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers).not.toHaveProperty('cross-origin-opener-policy');
    expect(res.headers).not.toHaveProperty('origin-agent-cluster');
  });

  it('keeps reset and verification tokens out of the Referer: no-referrer on their pages (RESET-3, issue 20)', async () => {
    for (const page of ['reset-password', 'verify-email']) {
      const res = await t.app.inject({ method: 'GET', url: `/${page}/${'t'.repeat(43)}` });
      expect(res.headers['referrer-policy'], page).toBe('no-referrer');
    }
    const other = await t.app.inject({ method: 'GET', url: '/login' });
    expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('refuses text/plain bodies with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
