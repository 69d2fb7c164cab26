import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { type QuestionsWorld, questionsWorldFixture } from '../src/features/questions/test/world';
import type { TestUser } from './factories';
import { responseSchemaOf } from './response-contract';

// Issue 12 (low): a field a handler returns by mistake never reaches the client. For one route of each
// family, the real answer with stray fields added at every level goes through that route's own response
// serialiser and must come out exactly as the real answer.

const STRAYS = {
  whoAsked: { id: 'stray', name: 'Stray Asker' },
  userVotes: { stray: 'UP' },
  passwordHash: '$argon2id$stray',
};

/** Fields whose value is a map (user id → vote), not a shape with named fields: left as they are. */
const MAPS = new Set(['userVotes']);

/** `value` with every stray field its objects do not already carry; counts what it added. */
function withStrays(value: unknown, added = { count: 0 }): unknown {
  if (Array.isArray(value)) return value.map((item) => withStrays(item, added));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) copy[k] = MAPS.has(k) ? v : withStrays(v, added);
  for (const [k, v] of Object.entries(STRAYS)) {
    if (k in copy) continue;
    copy[k] = v;
    added.count += 1;
  }
  return copy;
}

const compileSerializer = serializerCompiler as FastifySerializerCompiler<unknown>;

interface Sample {
  method: 'GET' | 'POST' | 'PUT';
  route: string;
  url: (w: QuestionsWorld) => string;
  as: (w: QuestionsWorld) => TestUser;
  payload?: object;
}

const samples: Sample[] = [
  { method: 'GET', route: '/api/login', url: () => '/api/login', as: (w) => w.users.studentA },
  {
    method: 'POST',
    route: '/api/notification',
    url: () => '/api/notification',
    as: (w) => w.users.studentA,
  },
  {
    method: 'GET',
    route: '/api/courses/:id',
    url: (w) => `/api/courses/${w.A.id}`,
    as: (w) => w.users.studentA,
  },
  {
    method: 'GET',
    route: '/api/lectures/:id',
    url: (w) => `/api/lectures/${w.LA.id}`,
    as: (w) => w.users.studentA,
  },
  {
    method: 'GET',
    route: '/api/upload/lecture-videos/:lectureId',
    url: (w) => `/api/upload/lecture-videos/${w.LA.id}`,
    as: (w) => w.users.studentA,
  },
  // The asker's own view: whoAsked and userVotes are fields of the question contract there.
  {
    method: 'GET',
    route: '/api/upload/:videoId',
    url: (w) => `/api/upload/${w.VA1.id}`,
    as: (w) => w.users.studentA,
  },
  {
    method: 'GET',
    route: '/api/upload/videoAnswers/:responseId',
    url: (w) => `/api/upload/videoAnswers/${w.RA.id}`,
    as: (w) => w.users.studentA,
  },
  {
    method: 'GET',
    route: '/api/captions/:owner/:ownerId/:language',
    url: (w) => `/api/captions/video/${w.VA1.id}/en`,
    as: (w) => w.users.studentA,
  },
  {
    method: 'GET',
    route: '/api/admin/logs/lecture/:id/activity',
    url: (w) => `/api/admin/logs/lecture/${w.LA.id}/activity`,
    as: (w) => w.users.adminA,
  },
  {
    method: 'GET',
    route: '/api/admin/logs/video/:id/engagement',
    url: (w) => `/api/admin/logs/video/${w.VA1.id}/engagement`,
    as: (w) => w.users.adminA,
  },
];

describe('response schemas strip stray fields', () => {
  const { t, w } = questionsWorldFixture();
  beforeAll(async () => {
    const track = await t.app.inject({
      method: 'PUT',
      url: `/api/captions/video/${w.VA1.id}/en?label=English`,
      headers: { ...w.users.adminA.auth, 'content-type': 'text/vtt' },
      payload: 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello and welcome\n',
    });
    expect(track.statusCode, track.body).toBe(200);
  });

  /** The serialiser Fastify compiled for the route's answer of `status`. */
  function serializerOf(method: string, route: string, status: number) {
    const schema = responseSchemaOf(t.app, method, route, status);
    expect(schema, `${method} ${route} ${status}`).toBeDefined();
    return compileSerializer({ schema, method, url: route, httpStatus: String(status) });
  }

  for (const sample of samples) {
    it(`${sample.method} ${sample.route}`, async () => {
      const res = await t.app.inject({
        method: sample.method,
        url: sample.url(w),
        headers: sample.as(w).auth,
        ...(sample.method === 'POST' ? { payload: { userId: sample.as(w).id } } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const real: unknown = res.json();
      const added = { count: 0 };
      const strayed = withStrays(real, added);
      expect(added.count).toBeGreaterThan(0);
      const sent = serializerOf(sample.method, sample.route, res.statusCode)(strayed);
      expect(JSON.parse(sent)).toEqual(real);
      expect(sent).not.toContain('stray');
    });
  }

  it('refuses a second userVotes entry instead of sending it (SECURITY AC-10)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/questions/${w.qOpen.id}`,
      headers: w.users.studentA.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const question = res.json<{ userVotes: Record<string, string> }>();
    const serialize = serializerOf('GET', '/api/questions/:id', 200);
    expect(() => serialize(question)).not.toThrow();
    const leaky = {
      ...question,
      userVotes: { ...question.userVotes, [w.users.studentA2.id]: 'UP', [w.users.adminA.id]: 'DOWN' },
    };
    expect(() => serialize(leaky)).toThrow();
  });
});
