// `npm test`: every test. Browser tests need Debian's Chromium, the tests that put nginx in front
// (media delivery; with TEST_DATABASE_URL the multi-instance test) need Debian's nginx, and the video
// processing tests Debian's ffmpeg (the server prefers it to the bundled 2018 build): installed here
// when we are root on Debian, otherwise we stop with the command to run.
//
// Everything a test server needs is built first (the web app, the server bundle, the embedded database's
// template), so that no test's deadline ever pays for a build (issue 26). Then each Vitest project runs in
// its own Vitest process: a project that cannot start (a failing global setup) fails alone, named, and
// the others' results stand. `npm test -- --project web` runs only that project; other arguments (file
// filters, -t) go to every project.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createVitest } from 'vitest/node';
import { ensurePgliteTemplate } from './lib/pglite-template.mjs';
import { root } from './lib/project-env.mjs';
import { ownTempFolder } from './lib/own-temp-folder.mjs';
import { buildWeb } from './lib/web-build.mjs';

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

/** `--project a --project=b rest…` → { projects: [a, b], rest }. */
function splitProjectArgs(args) {
  const projects = [];
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--project') projects.push(args[++i]);
    else if (args[i].startsWith('--project=')) projects.push(args[i].slice('--project='.length));
    else rest.push(args[i]);
  }
  return { projects, rest };
}

/** The projects vitest.config.ts defines (api-postgres only with TEST_DATABASE_URL), in its order. */
async function configuredProjects() {
  const vitest = await createVitest('test', { watch: false });
  try {
    return vitest.projects.map((project) => project.name);
  } finally {
    await vitest.close();
  }
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const load = () => os.loadavg()[0].toFixed(1);

ensurePackage('/usr/bin/chromium', 'chromium', 'Browser tests');
ensurePackage('/usr/sbin/nginx', 'nginx', 'Tests behind nginx');
ensurePackage('/usr/bin/ffprobe', 'ffmpeg', 'Video processing tests');

const started = Date.now();
// Each project's report, and whatever the tests leave in the temp folder, go when the run ends.
const reports = ownTempFolder('lectern-test-');
console.log(`Load average at the start: ${load()} on ${os.availableParallelism()} cores`);
try {
  buildWeb(); // always: the browser tests test the sources as they are now
  await ensurePgliteTemplate(); // bundles the server first
} catch (error) {
  console.error('npm test: a build failed, so no test ran:', error);
  process.exit(1);
}

const { projects: asked, rest } = splitProjectArgs(process.argv.slice(2));
const known = await configuredProjects();
const unknown = asked.filter((name) => !known.includes(name));
if (unknown.length) {
  console.error(`npm test: no project named ${unknown.join(', ')} (the projects: ${known.join(', ')}).`);
  process.exit(1);
}
const projects = asked.length ? known.filter((name) => asked.includes(name)) : known;

const results = [];
for (const name of projects) {
  const report = path.join(reports, `${name}.json`);
  const projectStart = Date.now();
  const { status } = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      name,
      '--passWithNoTests', // a file filter may leave a project nothing to run
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...rest,
    ],
    { stdio: 'inherit' },
  );
  const counts = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : undefined;
  results.push({ name, status: status ?? 1, wallMs: Date.now() - projectStart, counts });
}

/** What a project's run came to, in words. */
function outcome({ status, counts }) {
  if (!counts || counts.numTotalTests === 0) {
    return status === 0
      ? 'no tests matched'
      : `did not run: it failed before its first test (exit ${status}; its global setup or configuration, printed above)`;
  }
  const line = `${counts.numPassedTests} passed, ${counts.numFailedTests} failed, ${counts.numPendingTests} skipped`;
  if (status !== 0 && counts.numFailedTests === 0) return `${line}, but exit ${status}: see its errors above`;
  return line;
}

const width = Math.max(...results.map((r) => r.name.length));
console.log(`\nWall time per project (load average now ${load()}):`);
for (const result of results) {
  console.log(`  ${result.name.padEnd(width)}  ${seconds(result.wallMs).padStart(6)}  ${outcome(result)}`);
}
console.log(`  ${'all'.padEnd(width)}  ${seconds(Date.now() - started).padStart(6)}  (builds included)`);

// CI shows only the end of the output, so the failed tests are named here, after every project's report.
const failures = results.flatMap(({ name, counts }) =>
  (counts?.testResults ?? []).flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({
        name,
        file: path.relative(root, file.name),
        test,
        firstLine: test.failureMessages[0]?.split('\n')[0],
      })),
  ),
);
if (failures.length) console.log('\nFailed:');
for (const { name, file, test, firstLine } of failures) {
  console.log(`  ${name}  ${file} > ${test.fullName}\n      ${firstLine ?? '(no message)'}`);
}

const sum = (key) => results.reduce((total, r) => total + (r.counts?.[key] ?? 0), 0);
// The plain closing line CI reads, whatever the runner.
console.log(
  `${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests')} skipped`,
);
// Written by the browser tests (e2e/support/page-check.ts): each main page at desk and phone width.
const screenshots = path.resolve('e2e/.screenshots');
if (fs.existsSync(screenshots)) console.log(`Screenshots of the main pages: ${screenshots}`);
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
