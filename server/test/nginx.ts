import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './child-server';

// nginx (Debian's package, installed by .ci/run) in front of child servers, running the repository's own
// deploy/nginx/lectern.conf: only its upstream and listen lines are replaced. The upstream hashes on a
// test header, so a test can send each request to the instance it wants; `X-Upstream` tells which one
// answered.

const root = path.resolve(import.meta.dirname, '../..');
export const NGINX = '/usr/sbin/nginx';
/** The request header the test upstream hashes on. */
export const PIN_HEADER = 'x-test-instance';

export interface Nginx {
  url: string;
  stderr: () => string;
  stop(): Promise<void>;
}

function configFor(listenPort: number, upstreams: string[], mediaDir: string): string {
  const site = fs
    .readFileSync(path.join(root, 'deploy/nginx/lectern.conf'), 'utf8')
    .replace(
      /upstream lectern \{[^}]*\}/,
      `upstream lectern {\n    hash $http_${PIN_HEADER.replaceAll('-', '_')};\n${upstreams
        .map((u) => `    server ${u};`)
        .join('\n')}\n    keepalive 8;\n}`,
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`)
    .replace(/alias \/var\/lib\/lectern\/media\/;/, `alias ${mediaDir}/;`);
  return [
    // As root, workers would otherwise switch to nobody, who cannot write in the test's temp dir.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'pid nginx.pid;',
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    '  client_body_temp_path client_body;',
    '  proxy_temp_path proxy;',
    '  fastcgi_temp_path fastcgi; uwsgi_temp_path uwsgi; scgi_temp_path scgi;',
    '  add_header X-Upstream $upstream_addr always;',
    site,
    '}',
  ].join('\n');
}

/**
 * Starts nginx with its own prefix dir in `dir`, proxying to `upstreams` (host:port); its internal media
 * location serves `mediaDir` (the instances' DATA_DIR/media).
 */
export async function startNginx(dir: string, upstreams: string[], mediaDir: string): Promise<Nginx> {
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx (.ci/run does)`);
  const port = await freePort();
  fs.mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, configFor(port, upstreams, mediaDir));
  const proc: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000; // a ceiling for a busy machine; it ends at the first answer
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stderr: () => stderr,
    stop: async () => {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}
