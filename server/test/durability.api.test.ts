import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import {
  type ChildServer,
  freePort,
  isHealthy,
  killAll,
  postJson,
  spawnServer,
  waitHealthy,
} from './child-server';

// The real server as a child process on the embedded database (DESIGN §7, SECURITY §3): rows survive
// kill -9, and one data dir is never opened by two processes. PGlite only: PostgreSQL owns its own files.

describe('durability of the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-durability-'));
  const running: ChildServer[] = [];
  const stopLater: (() => Promise<unknown>)[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const server = await spawnServer(dataDir, env);
    running.push(server);
    return server;
  };

  afterEach(async () => {
    await killAll(running);
    for (const stop of stopLater.splice(0)) await stop();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps an acknowledged signup through kill -9 and a restart', async () => {
    const first = await start();
    await waitHealthy(first);
    const user = {
      name: 'Durable Dana',
      email: `${randomUUID()}@test.lectern`,
      password: 'survives a crash',
    };
    expect((await postJson(first, '/api/signup/', user)).status).toBe(201);
    first.proc.kill('SIGKILL');
    await first.exited;

    const second = await start();
    await waitHealthy(second);
    const res = await postJson(second, '/api/login', { email: user.email, password: user.password });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: user.name });
  });

  it('refuses a second server on the same data dir with one clear line', async () => {
    const first = await start();
    await waitHealthy(first);
    const second = await start();
    expect(await second.exited).not.toBe(0);
    const lines = second.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('is using');
    expect(lines[0]).toContain(String(first.proc.pid));
    expect(await isHealthy(first)).toBe(true);
  });

  it('takes over a lock file left by a dead process', async () => {
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    const lockFile = path.join(dataDir, 'db', 'lectern.lock');
    fs.mkdirSync(path.dirname(lockFile), { recursive: true });
    fs.writeFileSync(lockFile, String(dead.pid));
    const server = await start();
    await waitHealthy(server);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(server.proc.pid));
  });

  it('sends a mail queued before kill -9, after the restart (the send was under way when it died)', async () => {
    const smtpPort = await freePort();
    // First an SMTP server that accepts and never answers: the mail jobs are claimed and stuck mid-send.
    // Two of them: the signup's verification mail and the reset mail (mail runs two at a time).
    const connected = new Promise<void>((resolve) => {
      let connections = 0;
      const silent = net.createServer(() => {
        if (++connections === 2) resolve();
      });
      silent.listen(smtpPort, '127.0.0.1');
      stopLater.push(() => new Promise((r) => silent.close(() => r(undefined))));
    });
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
    const first = await start(env);
    await waitHealthy(first);
    const email = `${randomUUID()}@test.lectern`;
    expect(
      (await postJson(first, '/api/signup/', { name: 'Mailed Mo', email, password: 'survives a crash' }))
        .status,
    ).toBe(201);
    expect((await postJson(first, '/api/auth/forgot-password', { email })).status).toBe(200);
    await connected;
    first.proc.kill('SIGKILL');
    await first.exited;
    await stopLater.pop()!();

    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        let text = '';
        stream.on('data', (c: Buffer) => (text += c.toString()));
        stream.on('end', () => {
          received.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
    stopLater.push(() => new Promise((r) => smtp.close(() => r(undefined))));
    const second = await start(env);
    await waitHealthy(second);
    await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 60_000 });
    // Each sent once: the reset mail, and the verification mail of the signup.
    expect(received.filter((m) => m.includes('Reset your Lectern password'))).toHaveLength(1);
  });
});
