import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

// The real server as a child process on the embedded database (DESIGN §7, SECURITY §3): rows survive
// kill -9, and one data dir is never opened by two processes. PGlite only: PostgreSQL owns its own files.

const root = path.resolve(import.meta.dirname, '../..');

interface Server {
  proc: ChildProcess;
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function spawnServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, url: `http://127.0.0.1:${port}`, stderr: () => stderr, exited };
}

async function healthy(server: Server): Promise<boolean> {
  try {
    return (await fetch(`${server.url}/api/health`)).ok;
  } catch {
    return false;
  }
}

async function waitHealthy(server: Server): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null) throw new Error(`server exited: ${server.stderr()}`);
    if (await healthy(server)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

const post = (server: Server, url: string, body: object) =>
  fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('durability of the embedded database', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-durability-'));
  const running: Server[] = [];
  const start = async () => {
    const server = await spawnServer(dataDir);
    running.push(server);
    return server;
  };

  afterEach(async () => {
    for (const server of running.splice(0)) {
      if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
      await server.exited;
    }
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
    expect((await post(first, '/api/signup/', user)).status).toBe(201);
    first.proc.kill('SIGKILL');
    await first.exited;

    const second = await start();
    await waitHealthy(second);
    const res = await post(second, '/api/login', { email: user.email, password: user.password });
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
    expect(await healthy(first)).toBe(true);
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
});
