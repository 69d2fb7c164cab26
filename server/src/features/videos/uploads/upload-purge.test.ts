import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_TTL_MS, purgeStaleUploads } from './upload-purge';

const HOUR = 3600 * 1000;
let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function setup() {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-purge-'));
  const uploads = path.join(root, 'uploads');
  const scratch = path.join(root, 'scratch');
  fs.mkdirSync(uploads);
  fs.mkdirSync(scratch);
  return { uploads, scratch };
}

/** A tus upload (data + info) created at `created`, last written at `touched`. */
function upload(dir: string, id: string, created: number, touched: number) {
  fs.writeFileSync(
    path.join(dir, `${id}.json`),
    JSON.stringify({ id, creation_date: new Date(created).toISOString() }),
  );
  fs.writeFileSync(path.join(dir, id), 'bytes');
  fs.utimesSync(path.join(dir, id), touched / 1000, touched / 1000);
}

describe('purgeStaleUploads', () => {
  it('deletes expired idle uploads and old scratch files, and keeps the rest', async () => {
    const { uploads, scratch } = setup();
    const now = Date.now();
    const old = now - UPLOAD_TTL_MS - HOUR;
    upload(uploads, 'expired', old, old);
    upload(uploads, 'still-receiving', old, now - 60_000);
    upload(uploads, 'fresh', now - HOUR, now - HOUR);
    fs.writeFileSync(path.join(scratch, 'tmp-old'), 'x');
    fs.utimesSync(path.join(scratch, 'tmp-old'), old / 1000, old / 1000);
    fs.writeFileSync(path.join(scratch, 'tmp-new'), 'x');

    expect(await purgeStaleUploads(uploads, scratch, now)).toBe(2);
    expect(fs.readdirSync(uploads).sort()).toEqual([
      'fresh',
      'fresh.json',
      'still-receiving',
      'still-receiving.json',
    ]);
    expect(fs.readdirSync(scratch)).toEqual(['tmp-new']);
  });
});
