import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_KINDS, VIDEO_ID_HEADER } from '@lectern/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpload, headUpload, patchUpload, tusMetadata } from '../src/features/videos/test/tus-requests';
import { type ChildServer, killAll, spawnServer, waitHealthy } from './child-server';
import { openEventStream } from './event-stream-client';
import { type Nginx, PIN_HEADER, startNginx } from './nginx';
import { FIXTURES_DIR, seedCourse, seedCourseMember, seedLecture, seedVideo } from './seed';
import { type TestDatabase, openTestDatabase } from './test-databases';

// Two real Lectern processes on one PostgreSQL database and one shared DATA_DIR, behind nginx running
// deploy/nginx/lectern.conf (docs/deploy.md). PostgreSQL only (vitest.config.ts).

const METRICS_TOKEN = 'scraped-by-prometheus-'.padEnd(40, '0');

interface Account {
  email: string;
  password: string;
  token: string;
}

describe('two instances behind nginx', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-multi-'));
  const servers: ChildServer[] = [];
  let testDb: TestDatabase;
  let nginx: Nginx;
  /** Header values that send a request to instance A or B. */
  const pin = { a: {} as Record<string, string>, b: {} as Record<string, string> };
  let admin: Account;
  let student: Account;
  let ids: { course: string; lecture: string; video: string };

  const request = (instance: 'a' | 'b', url: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${nginx.url}${url}`, {
      ...init,
      headers: {
        ...pin[instance],
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.headers as Record<string, string>),
      },
    });

  async function signup(name: string): Promise<Account> {
    const email = `${name}-${Date.now()}@test.lectern`;
    const password = 'correct horse battery';
    const res = await request('a', '/api/signup/', {
      method: 'POST',
      body: JSON.stringify({ name, email, password }),
    });
    expect(res.status).toBe(201);
    return { email, password, token: ((await res.json()) as { token: string }).token };
  }

  beforeAll(async () => {
    testDb = await openTestDatabase();
    if (testDb.database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const env = { DATABASE_URL: testDb.database.url, TRUST_PROXY: '127.0.0.1', METRICS_TOKEN };
    servers.push(await spawnServer(dataDir, env), await spawnServer(dataDir, env));
    await Promise.all(servers.map(waitHealthy));
    nginx = await startNginx(
      path.join(dataDir, 'nginx'),
      servers.map((s) => new URL(s.url).host),
      path.join(dataDir, 'media'),
    );
    // Find one header value per instance.
    const seen = new Map<string, string>();
    for (let i = 0; seen.size < 2 && i < 50; i++) {
      const res = await fetch(`${nginx.url}/api/health`, { headers: { [PIN_HEADER]: `pin-${i}` } });
      const upstream = res.headers.get('x-upstream')!;
      if (!seen.has(upstream)) seen.set(upstream, `pin-${i}`);
    }
    const [a, b] = [...seen.values()];
    pin.a = { [PIN_HEADER]: a! };
    pin.b = { [PIN_HEADER]: b! };

    admin = await signup('admin');
    student = await signup('student');
    const db = testDb.database.db;
    const userId = async (account: Account) =>
      ((await (await request('a', '/api/login', { token: account.token })).json()) as { id: string }).id;
    const course = await seedCourse(db, await userId(admin));
    await seedCourseMember(db, course.id, await userId(student));
    const lecture = await seedLecture(db, course.id, new Date());
    const video = await seedVideo(db, lecture.id);
    ids = { course: course.id, lecture: lecture.id, video: video.id };
  });

  afterAll(async () => {
    await nginx?.stop();
    await killAll(servers);
    await testDb?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs each pin on its own instance', async () => {
    const upstream = async (instance: 'a' | 'b') =>
      (await request(instance, '/api/health')).headers.get('x-upstream');
    expect(await upstream('a')).not.toBe(await upstream('b'));
    expect(await upstream('a')).toBe(await upstream('a'));
  });

  it('brings a question posted through instance A to an event stream held on instance B in under 1 s', async () => {
    const stream = await openEventStream(nginx.url, { token: admin.token, headers: pin.b });
    try {
      expect(stream.status).toBe(200);
      const posted = await request('a', '/api/questions', {
        method: 'POST',
        token: student.token,
        body: JSON.stringify({
          question: 'Heard on the other instance?',
          videoId: ids.video,
          time: 3,
          lectureId: ids.lecture,
        }),
      });
      expect(posted.status).toBe(201);
      // Timed from the answer, when the question is saved: asking may first load the sentence encoder
      // (features/suggestions/sentence-meaning.ts), seconds on a busy machine, and that is not delivery.
      const saved = Date.now();
      const { id } = (await posted.json()) as { id: string };
      await stream.waitFor((e) => e.event === 'question.asked' && e.data.questionId === id, 1000);
      expect(Date.now() - saved).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });

  it('finishes through instance B a tus upload started through instance A', async () => {
    const bytes = fs.readFileSync(path.join(FIXTURES_DIR, 'lecture-10s.mp4'));
    const auth = (instance: 'a' | 'b') => ({ authorization: `Bearer ${admin.token}`, ...pin[instance] });
    const metadata = tusMetadata({
      kind: UPLOAD_KINDS.lectureVideo,
      courseID: ids.course,
      lectureID: ids.lecture,
      title: 'Across instances',
    });
    const created = await createUpload(nginx.url, auth('a'), bytes.length, metadata);
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, nginx.url).href;
    const half = Math.floor(bytes.length / 2);
    expect((await patchUpload(url, auth('a'), 0, bytes.subarray(0, half))).status).toBe(204);
    expect((await headUpload(url, auth('b'))).headers.get('upload-offset')).toBe(String(half));
    const last = await patchUpload(url, auth('b'), half, bytes.subarray(half));
    expect(last.status).toBe(204);
    const videoId = last.headers.get(VIDEO_ID_HEADER);
    const list = await request('a', `/api/upload/lecture-videos/${ids.lecture}`);
    expect(((await list.json()) as { id: string }[]).map((v) => v.id)).toContain(videoId);
  });

  it('refuses at the very next request, through the other instance, a token logged out or revoked', async () => {
    const user = await signup('leaving');
    const login = async () => {
      const res = await request('b', '/api/login', {
        method: 'POST',
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    const [second, third] = [await login(), await login()];
    const me = (instance: 'a' | 'b', token: string) => request(instance, '/api/login', { token });
    for (const token of [user.token, second, third]) {
      for (const instance of ['a', 'b'] as const) expect((await me(instance, token)).status).toBe(200);
    }
    expect((await request('b', '/api/logout', { method: 'POST', token: third })).status).toBe(204);
    expect((await me('a', third)).status).toBe(401);
    const changed = await request('a', '/api/login/updatePassword', {
      method: 'PUT',
      token: user.token,
      body: JSON.stringify({
        userId: ((await (await me('a', user.token)).json()) as { id: string }).id,
        email: user.email,
        oldPassword: user.password,
        newPassword: 'a brand new password',
      }),
    });
    expect(changed.status).toBe(200);
    expect((await me('b', second)).status).toBe(401);
    expect((await me('b', user.token)).status).toBe(200);
  });

  it('locks an account after ten failed logins spread over both instances', async () => {
    const target = await signup('target');
    const login = (instance: 'a' | 'b', password: string) =>
      request(instance, '/api/login', {
        method: 'POST',
        body: JSON.stringify({ email: target.email, password }),
      });
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? 'b' : 'a', `wrong ${i}`)).status).toBe(401);
    expect((await login('a', target.password)).status).toBe(429);
    expect((await login('b', target.password)).status).toBe(429);
  });

  it('sends a queued mail once, though both instances run the job queue', async () => {
    const res = await request('b', '/api/auth/forgot-password', {
      method: 'POST',
      body: JSON.stringify({ email: student.email }),
    });
    expect(res.status).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    // Reset mails only: the signup's verification mail went to the same address.
    const mailsToStudent = () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).filter((f) => {
        const mail = fs.readFileSync(path.join(outbox, f), 'utf8');
        return mail.includes(student.email) && mail.includes('Reset your Lectern password');
      }).length;
    await expect.poll(mailsToStudent, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 2000)); // time enough for a second run, were there one
    expect(mailsToStudent()).toBe(1);
  });

  it('answers /metrics on each instance directly, never through the proxy (docs/deploy.md)', async () => {
    const authorization = `Bearer ${METRICS_TOKEN}`;
    expect((await fetch(`${nginx.url}/metrics`, { headers: { authorization } })).status).toBe(404);
    for (const server of servers) {
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('lectern_event_streams ');
    }
  });
});
