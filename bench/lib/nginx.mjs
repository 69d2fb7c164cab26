// Debian nginx on a loopback port with a generated config (sendfile on, one worker like our one Node
// process), started and stopped by the benchmark itself: either serving `root` plus any `locations`
// (server-block lines), or running the repository's own deploy/nginx/lectern.conf in front of Lectern.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, ROOT, tempDir } from './server.mjs';

export async function startNginx(root, locations = '') {
  const port = await freePort();
  return run(port, `server { listen 127.0.0.1:${port}; root ${root}; ${locations} }`);
}

/**
 * deploy/nginx/lectern.conf as docs/deploy.md tells to install it, with its upstream, listen port and
 * media alias replaced, in front of the Lectern at `lecternUrl`; `locations` are added to its server block.
 */
export async function startDeployedNginx(lecternUrl, mediaDir, locations = '') {
  const port = await freePort();
  const site = fs
    .readFileSync(path.join(ROOT, 'deploy/nginx/lectern.conf'), 'utf8')
    .replace(
      /(upstream lectern \{[^}]*?)server 127\.0\.0\.1:3001;\s*server 127\.0\.0\.1:3002;/,
      `$1server ${new URL(lecternUrl).host};`,
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/alias \/var\/lib\/lectern\/media\/;/, `alias ${mediaDir}/;`)
    .replace(/\n}\s*$/, `\n${locations}\n}\n`);
  if (!site.includes(`server ${new URL(lecternUrl).host};`))
    throw new Error('deploy/nginx/lectern.conf: upstream not found');
  return run(port, site);
}

async function run(port, servers) {
  const prefix = tempDir('nginx');
  const conf = `
daemon off;
worker_processes 1;
user root;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  types { video/mp4 mp4; text/html html; }
  ${servers}
}`;
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  const child = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(url);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    /** The worker processes' ids (the master's children, from /proc), whose CPU time is the serving. */
    workerPids: () =>
      fs
        .readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .map(Number),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
