import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mailDir: string;
    /** The one address LECTERN_ADMIN_EMAILS lists: its account, once proven, administers the installation. */
    installationAdminEmail: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A real SMTP server: every message it receives is written to mailDir as an .eml file. */
async function startSmtp(mailDir: string, port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        fs.writeFileSync(path.join(mailDir, `${Date.now()}-${to}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

// `npm test` builds everything first (scripts/test.mjs), so a start here takes seconds; run directly, the
// first start may still bundle the server and make the embedded database's template, which took 79 s on a
// busy 2-core machine (issue 26). The wait ends as soon as Lectern answers, or at once if it exits.
const START_CEILING_MS = 300_000;

async function waitForHealth(baseURL: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_CEILING_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Lectern (npm start) exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `Lectern (npm start) did not answer ${baseURL}/api/health within ${START_CEILING_MS / 1000} s`,
  );
}

/** `npm start` on a fresh data dir, with mail going to a real SMTP server of ours. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // WEB_DIST_DIR lets a developer test a build of their own while others build web/dist.
  const webDist = process.env.WEB_DIST_DIR ?? path.join(root, 'web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `The browser tests' global setup (e2e/global-setup.ts) found no build in ${webDist}: run them through \`npm test\` (it builds the web app)`,
    );
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-e2e-'));
  const mailDir = path.join(work, 'mail');
  fs.mkdirSync(mailDir);
  const [appPort, smtpPort] = [await freePort(), await freePort()];
  const smtp = await startSmtp(mailDir, smtpPort);
  const baseURL = `http://127.0.0.1:${appPort}`;
  const installationAdminEmail = 'installation-admin@e2e.lectern';
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDist,
      DATABASE_URL: '', // always the embedded database, whatever the caller's environment
      // Every uploaded test video would be transcribed beside the browsers: the API tests cover it.
      AUTO_CAPTIONS: 'off',
      LECTERN_ADMIN_EMAILS: installationAdminEmail,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseURL, server);
  } catch (error) {
    server.kill('SIGKILL');
    smtp.close(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
    // Vitest prints a global setup's error without saying whose it is.
    throw new Error(
      `The browser tests' global setup (e2e/global-setup.ts) failed: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  project.provide('baseURL', baseURL);
  project.provide('mailDir', mailDir);
  project.provide('installationAdminEmail', installationAdminEmail);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await new Promise<void>((r) => smtp.close(() => r()));
    fs.rmSync(work, { recursive: true, force: true });
  };
}
