// tus upload throughput against a bare Node write-to-disk of the same bytes, and the server's memory
// during the upload (DESIGN §7: @tus/server streamed at ~320 MB/s with flat memory).
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { instructorWithLecture } from '../lib/api.mjs';
import { fmt } from '../lib/load.mjs';
import { makeLargeMp4 } from '../lib/media-file.mjs';
import { freePort, rssMb, startLectern, tempDir } from '../lib/server.mjs';
import { tableRow } from '../lib/table.mjs';

const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 2000);

/** Streams `file` as one request body; resolves with seconds until sent and until answered, and the answer. */
function send(url, method, headers, file) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    const req = http.request(url, {
      method,
      headers: { ...headers, 'content-length': fs.statSync(file).size },
    });
    req.on('finish', () => (sent = (performance.now() - started) / 1000));
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ sent, answered: (performance.now() - started) / 1000, res }));
    });
    req.on('error', reject);
    fs.createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
  });
}

async function plainUpload(file, work) {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, '../lib/plain-upload-server.mjs'), [
    String(port),
    path.join(work, 'plain.bin'),
  ]);
  await new Promise((r) => child.once('message', r));
  try {
    return await send(`http://127.0.0.1:${port}/`, 'PUT', {}, file);
  } finally {
    child.kill();
    fs.rmSync(path.join(work, 'plain.bin'), { force: true });
  }
}

async function tusUpload(file) {
  const size = fs.statSync(file).size;
  const lectern = await startLectern({ MAX_UPLOAD_BYTES: String(size * 2) });
  try {
    const { token, courseId, lectureId } = await instructorWithLecture(lectern.url);
    const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
    const b64 = (s) => Buffer.from(s).toString('base64');
    const created = await fetch(`${lectern.url}/tus/`, {
      method: 'POST',
      headers: {
        ...auth,
        'upload-length': String(size),
        'upload-metadata': `kind ${b64('lectureVideo')},courseID ${b64(courseId)},lectureID ${b64(lectureId)},title ${b64('Bench')}`,
      },
    });
    if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
    const baseline = rssMb(lectern.pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(lectern.pid))), 100);
    const result = await send(
      new URL(created.headers.get('location'), lectern.url),
      'PATCH',
      {
        ...auth,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      file,
    );
    clearInterval(sampler);
    if (result.res.statusCode !== 204) throw new Error(`tus PATCH: ${result.res.statusCode}`);
    return { ...result, baseline, peak, videoId: result.res.headers['lectern-video-id'] };
  } finally {
    await lectern.stop();
  }
}

export async function run() {
  const work = tempDir('upload');
  try {
    const file = makeLargeMp4(UPLOAD_MB, path.join(work, 'upload.mp4'));
    const mb = fs.statSync(file).size / 1e6;
    console.log(`upload: ${fmt(mb, 0)} MB mp4 in one request over loopback`);
    // Flush dirty pages first, so neither run pays for the other's (or the generator's) writeback.
    execFileSync('sync');
    const plain = await plainUpload(file, work);
    execFileSync('sync');
    const tus = await tusUpload(file);
    tableRow({
      what: `tus upload ${fmt(mb / 1000, 1)} GB`,
      ours: `${fmt(mb / tus.sent)} MB/s, RSS ${fmt(tus.baseline, 0)}→${fmt(tus.peak, 0)} MB`,
      reference: `plain Node write ${fmt(mb / plain.answered)} MB/s`,
      ratio: plain.answered / tus.sent,
      aim: '≥ 0.8×, RSS flat',
    });
    console.log(`  plain Node write-to-disk   ${fmt(mb / plain.answered).padStart(7)} MB/s`);
    console.log(
      `  tus PATCH (bytes on disk)  ${fmt(mb / tus.sent).padStart(7)} MB/s   tus/plain ${fmt(plain.answered / tus.sent, 2)}x`,
    );
    console.log(
      `  tus incl. mp4 check, sha256, import, rows ${fmt(mb / tus.answered)} MB/s (${fmt(tus.answered - tus.sent, 2)} s after the last byte), video ${tus.videoId}`,
    );
    console.log(
      `  server RSS: ${fmt(tus.baseline, 0)} MB before, ${fmt(tus.peak, 0)} MB peak during the upload`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
