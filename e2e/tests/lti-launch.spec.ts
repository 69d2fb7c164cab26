import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/child-server';
import { ROLE, type ReferencePlatform, startReferencePlatform } from '../../server/test/lti-platform';
import { ACTION_CEILING_MS, useBrowser } from '../support/browser';

// Lectern inside an LMS (issue 23): the reference platform's course page, on another site (localhost)
// than Lectern (127.0.0.1), frames Lectern; the browser performs the whole LTI 1.3 launch inside the frame
// (login initiation, the platform's authentication endpoint, the auto-posted id_token, the one-time code)
// and lands signed in on the course. The platform is registered as an administrator would, with
// `npm run lti -- add-platform` on the server's data dir before it starts.

const root = path.resolve(import.meta.dirname, '../..');
let work: string;
let lectern: ChildProcess;
let lecternUrl: string;
let lms: ReferencePlatform;
const chromiumFixture = useBrowser();

async function waitForHealth(url: string, proc: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`Lectern exited with ${proc.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Lectern did not answer ${url}/api/health`);
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-lti-'));
  const port = await freePort();
  lecternUrl = `http://127.0.0.1:${port}`;
  lms = await startReferencePlatform(`${lecternUrl}/lti/launch`, { host: 'localhost' });
  const env = { ...process.env, DATA_DIR: path.join(work, 'data'), PUBLIC_URL: lecternUrl, DATABASE_URL: '' };
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [
      'server/src/features/lti/lti-cli.ts',
      'add-platform',
      ...['--name', 'Reference LMS', '--issuer', lms.issuer, '--client-id', lms.clientId],
      ...['--deployment', lms.deploymentId, '--login-url', lms.authLoginUrl],
      ...['--token-url', lms.accessTokenUrl, '--jwks-url', lms.jwksUrl],
    ],
    { cwd: root, env, stdio: 'pipe' },
  );
  lectern = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(root, 'web/dist'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(lecternUrl, lectern);
});

afterAll(async () => {
  lectern?.kill('SIGTERM');
  if (lectern) await new Promise((r) => lectern.once('exit', r));
  await lms?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A browser of its own opening the LMS's course page as one of its people; Lectern's frame within. */
async function openCourseInLms(sub: string, context: string) {
  const page = await (await chromiumFixture.browser.newContext()).newPage();
  page.setDefaultTimeout(ACTION_CEILING_MS);
  await page.goto(`${lms.base}/course/${context}?as=${sub}`);
  return { page, lectern: page.frameLocator('iframe[title="Lectern"]') };
}

describe('an LMS course page framing Lectern', () => {
  it('signs the instructor in as the course administrator, then a learner as a student', async () => {
    const context = { id: 'phys-101', title: 'Physics 101' };
    lms.enrol({ sub: 'prof-lin', name: 'Prof Lin', roles: [ROLE.instructor], context });
    lms.enrol({ sub: 'student-sam', name: 'Sam Student', roles: [ROLE.learner], context });

    const prof = await openCourseInLms('prof-lin', 'phys-101');
    await prof.lectern.getByRole('heading', { name: 'Physics 101' }).waitFor();
    await prof.lectern.getByRole('link', { name: '+ Upload a new lecture video' }).waitFor();
    // The code travelled in the fragment and is gone from the address the frame shows.
    const frameUrl = prof.page
      .frames()
      .find((f) => f.url().startsWith(lecternUrl))!
      .url();
    expect(frameUrl).toMatch(/\/courses\/[\w-]+$/);

    const sam = await openCourseInLms('student-sam', 'phys-101');
    await sam.lectern.getByRole('heading', { name: 'Physics 101' }).waitFor();
    expect(await sam.lectern.getByRole('link', { name: '+ Upload a new lecture video' }).count()).toBe(0);
  });
});
