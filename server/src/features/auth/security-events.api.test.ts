import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { CapturingMailer } from '../../../test/capturing-mailer';
import { createUser } from '../../../test/factories';
import { type TestDatabase, openTestDatabase } from '../../../test/test-databases';

interface LogLine {
  msg: string;
  reqId?: string;
  securityEvent?: string;
  userId?: string;
  ip?: string;
  status?: number;
  [key: string]: unknown;
}

// SECURITY LOG-1 and LOG-2: one JSON line per security event, and never a password or token in the logs.
describe('security events in the log', () => {
  const lines: string[] = [];
  const mailer = new CapturingMailer();
  let app: FastifyInstance;
  let testDb: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-test-log-'));
    testDb = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'x') });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({ config, database: testDb.database, mailer, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const events = (name: string): LogLine[] =>
    lines.map((l) => JSON.parse(l) as LogLine).filter((l) => l.securityEvent === name);
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers });

  it('logs signup, login success and failure, logout, denials and resets, each with id, user and IP', async () => {
    const user = await createUser(app);
    expect(events('signup').some((e) => e.userId === user.id)).toBe(true);

    await post('/api/login', { email: user.email, password: 'a wrong password' });
    const failure = events('login.failure').at(-1)!;
    expect(failure).toMatchObject({ userId: 'anonymous', ip: '127.0.0.1', email: user.email });
    expect(failure.reqId).toEqual(expect.any(String));

    const login = await post('/api/login', { email: user.email, password: user.password });
    expect(events('login.success').at(-1)).toMatchObject({ userId: user.id });

    await app.inject({ method: 'GET', url: '/api/login' });
    expect(events('access.denied').at(-1)).toMatchObject({ status: 401, route: 'GET /api/login' });

    const token = login.json().token as string;
    await post('/api/logout', {}, { authorization: `Bearer ${token}` });
    expect(events('logout').at(-1)).toMatchObject({ userId: user.id });

    await post('/api/auth/forgot-password', { email: user.email });
    expect(events('reset.requested').at(-1)).toMatchObject({ email: user.email });
    const mail = await vi.waitFor(() => {
      const found = mailer.sent.find((m) => m.to === user.email && /reset-password/.test(m.text));
      if (!found) throw new Error('no mail yet');
      return found;
    });
    const resetToken = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    await post('/api/auth/reset-password', { token: resetToken, password: 'the reset password' });
    expect(events('reset.completed').at(-1)).toMatchObject({ userId: user.id });

    const again = await post('/api/login', { email: user.email, password: 'the reset password' });
    const headers = { authorization: `Bearer ${again.json().token}` };
    await app.inject({
      method: 'PUT',
      url: '/api/login/updatePassword',
      headers,
      payload: {
        userId: user.id,
        email: user.email,
        oldPassword: 'the reset password',
        newPassword: 'final pw 123',
      },
    });
    expect(events('password.change').at(-1)).toMatchObject({ userId: user.id });

    const log = lines.join('\n');
    for (const secret of [
      user.password,
      'a wrong password',
      'the reset password',
      'final pw 123',
      user.token,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(token);
    expect(log).not.toContain(resetToken);
  });
});
