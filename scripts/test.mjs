// `npm test`: every test. Browser tests need Debian's Chromium, the tests that put nginx in front
// (media delivery; with TEST_DATABASE_URL the multi-instance test) need Debian's nginx, and the video
// processing tests Debian's ffmpeg (the server prefers it to the bundled 2018 build): installed here
// when we are root on Debian, otherwise we stop with the command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Installs a Debian package the tests need when we are root on Debian, or stops with the command. */
function ensurePackage(binary, pkg, why) {
  if (fs.existsSync(binary)) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`${why} need ${pkg}: run \`sudo apt-get install -y ${pkg}\` and then \`npm test\` again.`);
    process.exit(1);
  }
  console.log(`Installing ${pkg}: ${why.toLowerCase()} need it…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

ensurePackage('/usr/bin/chromium', 'chromium', 'Browser tests');
ensurePackage('/usr/sbin/nginx', 'nginx', 'Tests behind nginx');
ensurePackage('/usr/bin/ffprobe', 'ffmpeg', 'Video processing tests');

const run = (args) => spawnSync('npx', args, { stdio: 'inherit' }).status ?? 1;

if (run(['vite', 'build', '--logLevel', 'warn', 'web']) !== 0) process.exit(1);

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-test-')), 'report.json');
const status = run([
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
if (fs.existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(fs.readFileSync(report, 'utf8'));
  // The plain closing line CI reads, whatever the runner.
  console.log(`${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`);
}
// Written by the browser tests (e2e/support/page-check.ts): each main page at desk and phone width.
const screenshots = path.resolve('e2e/.screenshots');
if (fs.existsSync(screenshots)) console.log(`Screenshots of the main pages: ${screenshots}`);
process.exit(status);
