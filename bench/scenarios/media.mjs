// /media throughput against nginx (sendfile) serving the same file: 1 MiB Range requests at 32 clients,
// and whole-file reads. DESIGN §7 expects about 1.0x with 1 MiB read buffers. nginx is not something the
// README installs: without it on PATH, Lectern's figures are printed alone. With nginx, a second Lectern
// runs behind it with MEDIA_ACCEL_PREFIX (docs/deploy.md): Lectern authorises, nginx sends (aim ≥ 0.95x).
// Client and servers share the machine's cores, so beside MiB/s each line gives the CPU time the serving
// processes spent per GiB sent (Lectern, plus nginx's worker behind nginx; nginx's worker for nginx alone):
// what a busy machine's throughput ratio follows.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { instructorWithLecture, uploadVideoFile } from '../lib/api.mjs';
import { fmt, load, randomMiB } from '../lib/load.mjs';
import { makeLargeMp4 } from '../lib/media-file.mjs';
import { startDeployedNginx, startNginx } from '../lib/nginx.mjs';
import { cpuMs, startLectern, tempDir } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const MEDIA_MB = Number(process.env.BENCH_MEDIA_MB ?? 100);

const HAVE_NGINX = !spawnSync('nginx', ['-v']).error;

const median = (values, by) => [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)];

/** One load run, with the CPU time the processes `pids()` spent on it per GiB sent. */
async function measured(options, pids) {
  const cpu = () => pids().reduce((sum, pid) => sum + cpuMs(pid), 0);
  const before = cpu();
  const result = await load(options);
  const gib = (result.mibPerSec * options.seconds) / 1024;
  return { ...result, cpuMsPerGiB: (cpu() - before) / gib };
}

/**
 * Runs Lectern and the reference back to back REPEAT times, in alternating order, and prints the medians.
 * The ratio is the median of each pair's ratio: the machine is shared, and its load drifts less within a
 * pair than across the whole comparison. `ours` and `reference` are load options plus `pids`, the
 * processes that do the serving.
 */
async function compare(label, ours, reference) {
  const lectern = [];
  const nginx = [];
  for (let i = 0; i < REPEAT; i += 1) {
    if (HAVE_NGINX && i % 2 === 1) nginx.push(await measured(reference, reference.pids));
    lectern.push(await measured(ours, ours.pids));
    if (HAVE_NGINX && i % 2 === 0) nginx.push(await measured(reference, reference.pids));
  }
  if (!HAVE_NGINX) {
    const run = median(lectern, (r) => r.mibPerSec);
    console.log(
      `  ${label.padEnd(34)} lectern ${figures(run)}` + (run.errors ? ` (errors: ${run.errors})` : ''),
    );
    return;
  }
  const ratios = lectern.map((run, i) => run.mibPerSec / nginx[i].mibPerSec);
  const ratio = median(ratios, (r) => r);
  const [ourRun, theirRun] = [median(lectern, (r) => r.mibPerSec), median(nginx, (r) => r.mibPerSec)];
  tableRow({
    what: `/media ${label}`,
    ours: `${fmt(ourRun.mibPerSec)} MiB/s`,
    reference: `nginx ${fmt(theirRun.mibPerSec)} MiB/s`,
    ratio,
    aim: label.startsWith('X-Accel') ? '≥ 0.95×' : '≥ 0.9×',
  });
  const errors = [...lectern, ...nginx].reduce((sum, run) => sum + run.errors, 0);
  console.log(
    `  ${label.padEnd(34)} lectern ${figures(ourRun)} | nginx ${figures(theirRun)}` +
      ` | ratio ${fmt(ratio, 2)}x (pairs ${ratios.map((r) => fmt(r, 2)).join(', ')})` +
      (errors ? ` (errors: ${errors})` : ''),
  );
}

const figures = (run) =>
  `${fmt(run.mibPerSec).padStart(7)} MiB/s ${fmt(run.reqPerSec).padStart(7)} req/s p99 ${run.p99ms} ms` +
  ` cpu ${fmt(run.cpuMsPerGiB, 0)} ms/GiB`;

export async function run() {
  const work = tempDir('media');
  const file = makeLargeMp4(MEDIA_MB, path.join(work, 'large.mp4'));
  const size = fs.statSync(file).size;
  const lectern = await startLectern();
  let nginx;
  try {
    const video = await uploadVideoFile(lectern.url, await instructorWithLecture(lectern.url), file);
    const [name] = video.videoSource.slice('/media/'.length).split('?');
    fs.mkdirSync(path.join(work, 'www'));
    fs.linkSync(path.join(lectern.dataDir, 'media', name), path.join(work, 'www', name));
    if (HAVE_NGINX) nginx = await startNginx(path.join(work, 'www'));
    else console.log('media: nginx is not installed, so there is no comparison');
    console.log(
      `media: ${(size / 1e6).toFixed(0)} MB file, median of ${REPEAT} pairs of ${SECONDS} s runs; client and servers share the cores`,
    );

    const ours = { url: `${lectern.url}${video.videoSource}`, pids: () => [lectern.pid] };
    const plain = { url: `${nginx?.url}/${name}`, pids: () => nginx.workerPids() };
    await compareLoads('', ours, plain, size);
    const range = { connections: 32, seconds: SECONDS, rangeOf: randomMiB(size) };
    await compare(
      '1 MiB ranges, 32 clients (DB check)',
      { ...ours, url: `${lectern.url}/media/${name}`, ...range },
      { ...plain, ...range },
    );
  } finally {
    await nginx?.stop();
    await lectern.stop();
  }
  try {
    if (HAVE_NGINX) await compareAccelerated(file);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** 1 MiB ranges at 32 clients and whole files at 4, from `ours` beside `plain` (nginx alone). */
async function compareLoads(prefix, ours, plain, size) {
  const range = { connections: 32, seconds: SECONDS, rangeOf: randomMiB(size) };
  // A freshly started server's first requests run unoptimised code: both get a second before counting.
  for (const server of [ours, plain])
    if (HAVE_NGINX || server === ours) await load({ ...server, ...range, seconds: 1 });
  await compare(`${prefix}1 MiB ranges, 32 clients`, { ...ours, ...range }, { ...plain, ...range });
  const whole = { connections: 4, seconds: SECONDS };
  await compare(`${prefix}whole file, 4 clients`, { ...ours, ...whole }, { ...plain, ...whole });
}

/**
 * Lectern behind nginx with X-Accel-Redirect, nginx running the documented deploy/nginx/lectern.conf
 * (keep-alive to the upstream included), beside the same nginx sending the same file alone.
 */
async function compareAccelerated(file) {
  const lectern = await startLectern({ MEDIA_ACCEL_PREFIX: '/_lectern_media/' });
  let nginx;
  try {
    const video = await uploadVideoFile(lectern.url, await instructorWithLecture(lectern.url), file);
    const [name] = video.videoSource.slice('/media/'.length).split('?');
    const mediaDir = path.join(lectern.dataDir, 'media');
    nginx = await startDeployedNginx(lectern.url, mediaDir, `location /plain/ { alias ${mediaDir}/; }`);
    const size = fs.statSync(path.join(mediaDir, name)).size;
    await compareLoads(
      'X-Accel ',
      { url: `${nginx.url}${video.videoSource}`, pids: () => [lectern.pid, ...nginx.workerPids()] },
      { url: `${nginx.url}/plain/${name}`, pids: () => nginx.workerPids() },
      size,
    );
  } finally {
    await nginx?.stop();
    await lectern.stop();
  }
}
