// `npm test`: every test. Browser tests need Debian's Chromium: installed here when we are root on
// Debian, otherwise we stop with the command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHROMIUM = '/usr/bin/chromium';

if (!fs.existsSync(CHROMIUM)) {
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      'Browser tests need Chromium: run `sudo apt-get install -y chromium` and then `npm test` again.',
    );
    process.exit(1);
  }
  console.log('Installing Chromium for the browser tests…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

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
process.exit(status);
