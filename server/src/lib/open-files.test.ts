import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenFiles } from './open-files';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-open-files-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let files: OpenFiles;
afterEach(() => files.closeAll());

describe('OpenFiles', () => {
  it('shares one open handle between readers, with the size of the file', async () => {
    files = new OpenFiles(50);
    const p = file('a.mp4', 'hello');
    const [first, second] = await Promise.all([files.acquire(p), files.acquire(p)]);
    expect(first?.handle).toBe(second?.handle);
    expect(first?.size).toBe(5);
    first?.release();
    second?.release();
  });

  it('closes a file nobody has read for the idle time, and opens it afresh after', async () => {
    files = new OpenFiles(20);
    const p = file('b.mp4', 'bytes');
    const first = await files.acquire(p);
    first?.release();
    first?.release(); // twice is once
    await sleep(60);
    await expect(first?.handle.stat()).rejects.toThrow(/closed/i);
    const again = await files.acquire(p);
    expect(again?.handle).not.toBe(first?.handle);
    expect((await again?.handle.read(Buffer.alloc(5), 0, 5, 0))?.buffer.toString()).toBe('bytes');
    again?.release();
  });

  it('keeps a file open while someone still reads it', async () => {
    files = new OpenFiles(20);
    const p = file('c.mp4', 'still');
    const reader = await files.acquire(p);
    (await files.acquire(p))?.release();
    await sleep(60);
    expect((await reader?.handle.stat())?.size).toBe(5);
    reader?.release();
  });

  it('answers null for a missing file or a folder, and finds a file created afterwards', async () => {
    files = new OpenFiles(1000);
    const p = path.join(dir, 'later.mp4');
    expect(await files.acquire(p)).toBeNull();
    expect(await files.acquire(dir)).toBeNull();
    fs.writeFileSync(p, 'now');
    const now = await files.acquire(p);
    expect(now?.size).toBe(3);
    now?.release();
  });
});
