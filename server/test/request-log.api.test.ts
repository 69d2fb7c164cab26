import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { type TestDatabase, openTestDatabase } from './test-databases';

// Issue 12 (Low): the info log held every signed media URL, whose grant anyone reading the log could use.
// The app's own logger options are used here (logStream), not a test logger.

describe('the request log', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let testDb: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-request-log-'));
    testDb = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'x'),
    });
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({ config, database: testDb.database, logStream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('does not log media requests, so their grants never reach the log', async () => {
    const sha = 'a'.repeat(64);
    const signature = 'SIGNATURE_THAT_GRANTS_ACCESS';
    await app.inject({ method: 'GET', url: `/media/${sha}.mp4?exp=4102444800&sig=${signature}` });
    expect(lines.filter((l) => l.includes(sha))).toEqual([]);
    expect(lines.join('\n')).not.toContain(signature);
  });

  it('logs other URLs without a signature or token they carry', async () => {
    const secret = 'SECRET_IN_A_LOGGED_URL';
    await app.inject({ method: 'GET', url: `/api/health?sig=${secret}&token=${secret}` });
    const logged = lines.filter((l) => l.includes('/api/health'));
    expect(logged.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(secret);
    expect(logged[0]).toContain('sig=[redacted]&token=[redacted]');
  });

  it('logs the reset and verification pages without their tokens (issue 20)', async () => {
    for (const page of ['reset-password', 'verify-email']) {
      const token = `TOKEN_OF_${page.toUpperCase().replace('-', '_')}_${'x'.repeat(20)}`;
      await app.inject({ method: 'GET', url: `/${page}/${token}` });
      expect(lines.join('\n')).not.toContain(token);
      expect(lines.some((l) => l.includes(`/${page}/[redacted]`))).toBe(true);
    }
  });
});
