import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream-client';
import { eventsCaughtUp } from '../../test/events-caught-up';
import { type TestUser, createUser } from '../../test/factories';
import { type TestApp, createTestApp } from '../../test/test-app';
import { events, jobs } from '../db/schema';
import { emit } from '../events/outbox';
import { PROCESS_MEDIA_JOB } from '../features/media/public';

// GET /metrics (issue 22): off by default, then only with its bearer token, and each figure moves when
// what it counts happens.

const TOKEN = 'metrics-token-'.padEnd(40, 'x');

/** The value of the first sample of `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics, off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not there, whatever the caller sends', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let base: string;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    user = await createUser(t.app, { name: 'Watching Walter' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('refuses a caller without the token, or with a session token or another one', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN}y` },
      { authorization: TOKEN },
      user.auth, // a session is not the metrics token
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it("answers Prometheus's text format with every metric, never cached", async () => {
    const res = await scrape();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'lectern_event_streams',
      'lectern_events_total',
      'lectern_notices_total',
      'lectern_outbox_lag_seconds',
      'lectern_jobs',
      'lectern_processing_queue_length',
      'lectern_http_request_duration_seconds',
    ])
      expect(res.body).toContain(`# TYPE ${name} `);
    expect(sample(res.body, 'lectern_outbox_lag_seconds')).toBe(0);
  });

  it('counts open event streams', async () => {
    expect(sample((await scrape()).body, 'lectern_event_streams')).toBe(0);
    const stream = await openEventStream(base, { token: user.token });
    expect(stream.status).toBe(200);
    await expect.poll(async () => sample((await scrape()).body, 'lectern_event_streams')).toBe(1);
    stream.close();
    await expect.poll(async () => sample((await scrape()).body, 'lectern_event_streams')).toBe(0);
  });

  it('counts committed events by type, and not those rolled back', async () => {
    const changed = async () =>
      sample((await scrape()).body, 'lectern_events_total', { type: 'course.changed' }) ?? 0;
    const before = await changed();
    const event = {
      payload: { type: 'course.changed' as const, courseId: '00000000-0000-4000-8000-000000000000' },
      audience: { visibility: 'members' as const, courseIds: [], lectures: [] },
    };
    await expect(
      t.db.transaction(async (tx) => {
        await emit(tx, event);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.db.transaction((tx) => emit(tx, event));
    await t.settle();
    expect(await changed()).toBe(before + 1);
  });

  it('counts jobs per kind and state, and conversions waiting for a worker', async () => {
    const later = new Date(Date.now() + 3_600_000); // queued, not yet due: no worker takes them meanwhile
    const ids = [
      await t.app.deps.jobs.enqueue(t.db, PROCESS_MEDIA_JOB, { processingId: 'none' }, { runAt: later }),
      await t.app.deps.jobs.enqueue(t.db, 'metrics-test.idle', {}, { runAt: later }),
    ];
    try {
      const body = (await scrape()).body;
      expect(sample(body, 'lectern_jobs', { kind: PROCESS_MEDIA_JOB, state: 'queued' })).toBe(1);
      expect(sample(body, 'lectern_jobs', { kind: 'metrics-test.idle', state: 'queued' })).toBe(1);
      expect(sample(body, 'lectern_processing_queue_length')).toBe(1);
    } finally {
      for (const id of ids) await t.db.delete(jobs).where(eq(jobs.id, id));
    }
    expect(sample((await scrape()).body, 'lectern_processing_queue_length')).toBe(0);
  });

  it('times answers by route pattern and status class, never by URL', async () => {
    const count = (labels: Record<string, string>) =>
      scrape().then((res) => sample(res.body, 'lectern_http_request_duration_seconds_count', labels) ?? 0);
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' };
    const before = await count(health);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(await count(health)).toBe(before + 1);
    const missing = '00000000-0000-4000-8000-000000000000';
    const unknown = {
      method: 'GET',
      route: '/api/lectures/lectureVideos/:lectureId',
      status_class: '4xx',
    };
    expect(await count(unknown)).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: `/api/lectures/lectureVideos/${missing}` });
    expect(res.statusCode).toBe(404);
    expect(await count(unknown)).toBe(1);
    expect((await scrape()).body).not.toContain(missing);
  });

  it('reports how long a committed event has waited for this instance to read it', async () => {
    const lag = async () => sample((await scrape()).body, 'lectern_outbox_lag_seconds');
    await t.settle();
    expect(await lag()).toBe(0);
    await t.app.deps.events.stop(); // this instance stops reading, as if it had fallen behind
    try {
      await t.db.insert(events).values({
        type: 'course.changed',
        payload: { type: 'course.changed', courseId: '00000000-0000-4000-8000-000000000000' },
        audience: { visibility: 'members', courseIds: [], lectures: [] },
        createdAt: new Date(Date.now() - 60_000),
      });
      expect(await lag()).toBeGreaterThanOrEqual(59);
      await eventsCaughtUp(t.app);
      expect(await lag()).toBe(0);
    } finally {
      await t.app.deps.events.start();
    }
  });
});
