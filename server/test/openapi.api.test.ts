import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './test-app';

// Issue 12 (low): the OpenAPI description the routes' schemas yield at /api/docs, off in production
// (SECURITY SUP-1). That every route has a response schema: response-schemas.api.test.ts.

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

describe('GET /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('describes the API routes with their answers, JSON or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApi>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    const described = [
      ['/api/upload/{videoId}', 'get', '200'],
      ['/api/questions', 'post', '201'],
      ['/api/questions/{id}', 'get', '200'],
      ['/api/questions/lecture-questions/{lectureId}', 'get', '200'],
      ['/api/questions/user-questions/{userId}', 'get', '200'],
      ['/api/questions/ratings/{questionId}', 'put', '200'],
      ['/api/upload/videoResponse', 'post', '201'],
      ['/api/upload/storage', 'get', '200'],
      ['/api/login', 'get', '200'],
      ['/api/login', 'post', '200'],
      ['/api/signup/', 'post', '201'],
      ['/api/notification', 'post', '200'],
      ['/api/captions/{owner}/{ownerId}', 'get', '200'],
      ['/api/courses/{id}/search', 'get', '200'],
      ['/api/bbb/startMeeting', 'get', '200'],
    ] as const;
    for (const [path, method, status] of described) {
      expect(doc.paths[path]?.[method]?.responses[status]?.content, `${method} ${path}`).toHaveProperty(
        'application/json',
      );
    }
    const events = doc.paths['/api/events']!.get!.responses['200']!;
    expect(Object.keys(events.content!)).toEqual(['text/event-stream']);
    const deleted = doc.paths['/api/questions/{id}']!.delete!.responses;
    expect(Object.keys(deleted)).toEqual(['204']);
    expect(deleted['204']!.content).toBeUndefined();
    const user = JSON.stringify(doc.paths['/api/login']!.get!.responses['200']);
    expect(user).toContain('"additionalProperties":false');
    const question = JSON.stringify(doc.paths['/api/questions/{id}']!.get!.responses['200']);
    expect(question).toContain('whoAsked');
    expect(question).toContain('userVotes');
  });

  it('is not served in production unless API_DOCS=true', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    const opted = await createTestApp({ env: { NODE_ENV: 'production', API_DOCS: 'true' } });
    try {
      expect((await opted.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    } finally {
      await opted.close();
    }
  });
});
