import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionResolver } from '../src/features/auth/session-resolver';
import { isServerPath, registerAuth } from '../src/plugins/auth';
import { type TestApp, createTestApp } from './test-app';

// SECURITY AC-1, deny by default: every route of the API declares who may call it.
describe('route policies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('collects the routes of every feature', () => {
    const urls = t.app.routePolicies.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/login',
        'POST /api/login',
        'POST /api/signup/',
        'PUT /api/login/updatePassword',
        'POST /api/logging/log',
        'GET /api/health',
      ]),
    );
  });

  it('finds a policy on every /api, /tus and /media route', () => {
    const server = t.app.routePolicies.filter((r) => isServerPath(r.url));
    const missing = server.filter((r) => r.auth === undefined);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('treats any route that forgot its policy as needing a user, outside /api too (issue 12)', async () => {
    const app = Fastify();
    registerAuth(app, sessionResolver(t.app.deps));
    app.get('/api/forgotten', async () => ({ secret: true }));
    app.get('/some-page', async () => 'page');
    await app.ready();
    expect(app.routePolicies).toContainEqual({ method: 'GET', url: '/api/forgotten', auth: undefined });
    expect((await app.inject({ method: 'GET', url: '/api/forgotten' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/some-page' })).statusCode).toBe(401);
    await app.close();
  });
});
