// /media throughput against nginx (sendfile) serving the same file: 1 MiB Range requests at 32 clients,
// and whole-file reads. DESIGN §7 expects about 1.0x with 1 MiB read buffers. nginx is not something the
// README installs: without it on PATH, Lectern's figures are printed alone. With nginx, a second Lectern
// runs behind it with MEDIA_ACCEL_PREFIX (docs/deploy.md): Lectern authorises, nginx sends (aim ≥ 0.95x).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { instructorWithLecture, uploadVideoFile } from '../lib/api.mjs';
import { fmt, load, randomMiB } from '../lib/load.mjs';
import { makeLargeMp4 } from '../lib/media-file.mjs';
import { startNginx } from '../lib/nginx.mjs';
import { startLectern, tempDir } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const MEDIA_MB = Number(process.env.BENCH_MEDIA_MB ?? 100);

const HAVE_NGINX = !spawnSync('nginx', ['-v']).error;

const median = (runs) => [...runs].sort((a, b) => a.mibPerSec - b.mibPerSec)[Math.floor(runs.length / 2)];

/** Runs both servers in turn REPEAT times (the machine is shared and noisy) and prints the medians. */
async function compare(label, lecternOptions, nginxOptions) {
  const lectern = [];
  const nginx = [];
  for (let i = 0; i < REPEAT; i += 1) {
    lectern.push(await load(lecternOptions));
    if (HAVE_NGINX) nginx.push(await load(nginxOptions));
  }
  row(label, median(lectern), HAVE_NGINX ? median(nginx) : null);
}

function row(label, lectern, nginx) {
  if (!nginx) {
    console.log(
      `  ${label.padEnd(34)} lectern ${fmt(lectern.mibPerSec).padStart(7)} MiB/s ${fmt(lectern.reqPerSec).padStart(7)} req/s p99 ${lectern.p99ms} ms` +
        (lectern.errors ? ` (errors: ${lectern.errors})` : ''),
    );
    return;
  }
  tableRow({
    what: `/media ${label}`,
    ours: `${fmt(lectern.mibPerSec)} MiB/s`,
    reference: `nginx ${fmt(nginx.mibPerSec)} MiB/s`,
    ratio: lectern.mibPerSec / nginx.mibPerSec,
    aim: label.startsWith('X-Accel') ? '≥ 0.95×' : '≥ 0.9×',
  });
  console.log(
    `  ${label.padEnd(34)} lectern ${fmt(lectern.mibPerSec).padStart(7)} MiB/s ${fmt(lectern.reqPerSec).padStart(7)} req/s p99 ${lectern.p99ms} ms` +
      ` | nginx ${fmt(nginx.mibPerSec).padStart(7)} MiB/s ${fmt(nginx.reqPerSec).padStart(7)} req/s p99 ${nginx.p99ms} ms` +
      ` | ratio ${fmt(lectern.mibPerSec / nginx.mibPerSec, 2)}x` +
      (lectern.errors + nginx.errors ? ` (errors: lectern ${lectern.errors}, nginx ${nginx.errors})` : ''),
  );
}

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
      `media: ${(size / 1e6).toFixed(0)} MB file, median of ${REPEAT} interleaved ${SECONDS} s runs; client and servers share the cores`,
    );

    const plain = `${nginx?.url}/${name}`;
    await compareLoads('', `${lectern.url}${video.videoSource}`, plain, size);
    const range = { connections: 32, seconds: SECONDS, rangeOf: randomMiB(size) };
    await compare(
      '1 MiB ranges, 32 clients (DB check)',
      { url: `${lectern.url}/media/${name}`, ...range },
      { url: plain, ...range },
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

/** 1 MiB ranges at 32 clients and whole files at 4, from `lecternUrl` beside `plainUrl` (nginx alone). */
async function compareLoads(prefix, lecternUrl, plainUrl, size) {
  const range = { connections: 32, seconds: SECONDS, rangeOf: randomMiB(size) };
  await compare(
    `${prefix}1 MiB ranges, 32 clients`,
    { url: lecternUrl, ...range },
    { url: plainUrl, ...range },
  );
  const whole = { connections: 4, seconds: SECONDS };
  await compare(`${prefix}whole file, 4 clients`, { url: lecternUrl, ...whole }, { url: plainUrl, ...whole });
}

/** Lectern behind nginx with X-Accel-Redirect beside nginx alone, on the same file. */
async function compareAccelerated(file) {
  const accel = '/_lectern_media/';
  const lectern = await startLectern({ MEDIA_ACCEL_PREFIX: accel });
  let nginx;
  try {
    const video = await uploadVideoFile(lectern.url, await instructorWithLecture(lectern.url), file);
    const [name] = video.videoSource.slice('/media/'.length).split('?');
    const mediaDir = path.join(lectern.dataDir, 'media');
    nginx = await startNginx(
      mediaDir,
      `location /media/ { proxy_pass ${lectern.url}; proxy_max_temp_file_size 0; }
       location ${accel} { internal; alias ${mediaDir}/; }`,
    );
    const size = fs.statSync(path.join(mediaDir, name)).size;
    await compareLoads('X-Accel ', `${nginx.url}${video.videoSource}`, `${nginx.url}/${name}`, size);
  } finally {
    await nginx?.stop();
    await lectern.stop();
  }
}
