import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

// The real server as a child process (durability, crash and multi-instance tests): what a kill -9 or
// a second instance does can only be seen across processes.

const root = path.resolve(import.meta.dirname, '../..');

export interface ChildServer {
  proc: ChildProcess;
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface SpawnOptions {
  /** Runs the server under `prlimit --nofile=N:N` (util-linux): at most N open file descriptors. */
  fileDescriptorLimit?: number;
}

/** Starts server/src/main.ts on a free port; embedded database in dataDir unless env names another. */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<ChildServer> {
  const port = await freePort();
  const node = [process.execPath, '--import', 'tsx', 'server/src/main.ts'];
  const limit = options.fileDescriptorLimit;
  // prlimit execs the command, so the child's pid stays the server's.
  const [command, ...args] = limit ? ['prlimit', `--nofile=${limit}:${limit}`, ...node] : node;
  const proc = spawn(command!, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      // As in test-app.ts: every video would be transcribed, its audio in media/.incoming meanwhile.
      AUTO_CAPTIONS: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, url: `http://127.0.0.1:${port}`, stderr: () => stderr, exited };
}

export async function isHealthy(server: ChildServer): Promise<boolean> {
  try {
    return (await fetch(`${server.url}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** Waits until the server answers, fails at once if it exits; the deadline is for a busy machine. */
export async function waitHealthy(server: ChildServer): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null) throw new Error(`server exited: ${server.stderr()}`);
    if (await isHealthy(server)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy within 180 s: ${server.stderr()}`);
}

export const postJson = (server: ChildServer, url: string, body: object, token?: string) =>
  fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** Kills every server a test started (SIGKILL if still running). */
export async function killAll(servers: ChildServer[]): Promise<void> {
  for (const server of servers.splice(0)) {
    if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
    await server.exited;
  }
}
