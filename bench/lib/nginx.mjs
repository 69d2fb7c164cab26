// Debian nginx on a loopback port with a generated config (sendfile on, one worker like our one Node
// process), serving `root`, plus any `locations` (server-block lines). Started and stopped by the
// benchmark itself.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, tempDir } from './server.mjs';

export async function startNginx(root, locations = '') {
  const prefix = tempDir('nginx');
  const port = await freePort();
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
  server { listen 127.0.0.1:${port}; root ${root}; ${locations} }
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
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
