import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectMp4, Mp4Error } from './mp4';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test-media');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-mp4-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function box(type: string, content: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
}

/** A box with a 64-bit size field (size = 1, then largesize). */
function largeBox(type: string, content: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + content.length), 8);
  return Buffer.concat([header, content]);
}

const ftyp = (major = 'isom', compatible = ['isom', 'mp41']) =>
  box(
    'ftyp',
    Buffer.concat([Buffer.from(major, 'latin1'), Buffer.alloc(4), Buffer.from(compatible.join(''))]),
  );

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const content = Buffer.alloc(version === 1 ? 32 : 20);
  content[0] = version;
  if (version === 1) {
    content.writeUInt32BE(timescale, 20);
    content.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    content.writeUInt32BE(timescale, 12);
    content.writeUInt32BE(duration, 16);
  }
  return box('mvhd', content);
}

/** A track whose handler is `handler` ('vide' or 'soun'). */
const trak = (handler = 'vide') =>
  box(
    'trak',
    box(
      'mdia',
      box('hdlr', Buffer.concat([Buffer.alloc(8), Buffer.from(handler, 'latin1'), Buffer.alloc(12)])),
    ),
  );

function write(name: string, ...parts: Buffer[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.concat(parts));
  return file;
}

async function problemOf(file: string): Promise<[string, string]> {
  const error = await inspectMp4(file).catch((e: unknown) => e);
  if (!(error instanceof Mp4Error)) throw new Error(`expected an Mp4Error, got ${String(error)}`);
  return [error.problem, error.message];
}

describe('inspectMp4', () => {
  it('accepts the faststart fixtures and reads their duration', async () => {
    expect((await inspectMp4(path.join(FIXTURES, 'lecture-10s.mp4'))).durationSeconds).toBeCloseTo(10, 0);
    expect((await inspectMp4(path.join(FIXTURES, 'answer-4s.mp4'))).durationSeconds).toBeCloseTo(4, 0);
  });

  it('accepts an mp4 whose moov box comes after mdat', async () => {
    const info = await inspectMp4(path.join(FIXTURES, 'moov-at-end-5s.mp4'));
    expect(info.durationSeconds).toBeCloseTo(5, 1);
  });

  it('refuses a text file and a WebM named .mp4', async () => {
    expect(await problemOf(path.join(FIXTURES, 'text-disguised-as.mp4'))).toEqual([
      'not-mp4',
      'The file is not an mp4 video (no ftyp box)',
    ]);
    expect((await problemOf(path.join(FIXTURES, 'webm-disguised-as.mp4')))[0]).toBe('not-mp4');
  });

  it('handles 64-bit box sizes and version 1 mvhd', async () => {
    const file = write(
      'large.mp4',
      ftyp(),
      largeBox('mdat', Buffer.alloc(100)),
      box('moov', Buffer.concat([mvhd(1, 1000, 7500), trak()])),
    );
    expect((await inspectMp4(file)).durationSeconds).toBe(7.5);
  });

  it('reads a version 0 mvhd that follows other moov children', async () => {
    const file = write(
      'v0.mp4',
      ftyp('mp42', []),
      box('moov', Buffer.concat([box('udta', Buffer.alloc(4)), mvhd(0, 600, 1800), trak('soun'), trak()])),
    );
    expect((await inspectMp4(file)).durationSeconds).toBe(3);
  });

  it('refuses an mp4 with sound only', async () => {
    const file = write(
      'audio.mp4',
      ftyp('M4A ', ['isom']),
      box('moov', Buffer.concat([mvhd(0, 1, 3), trak('soun')])),
    );
    expect(await problemOf(file)).toEqual(['not-mp4', 'The mp4 file has no video track']);
  });

  it('refuses an ftyp without an mp4-family brand (QuickTime, HEIF)', async () => {
    const file = write('qt.mp4', ftyp('qt  ', ['qt  ']), box('moov', mvhd(0, 1, 1)));
    expect(await problemOf(file)).toEqual(['not-mp4', 'The file is not an mp4 video (brand "qt  ")']);
  });

  it('refuses an mp4 without moov, and one whose box sizes run past the end', async () => {
    expect(await problemOf(write('nomoov.mp4', ftyp(), box('mdat', Buffer.alloc(10))))).toEqual([
      'broken',
      'The mp4 file is incomplete (no moov box)',
    ]);
    const truncated = ftyp();
    const cut = Buffer.concat([truncated, box('mdat', Buffer.alloc(100))]).subarray(0, truncated.length + 50);
    expect((await problemOf(write('cut.mp4', cut)))[0]).toBe('broken');
  });

  it('refuses an empty file and a moov without mvhd', async () => {
    expect((await problemOf(write('empty.mp4')))[0]).toBe('not-mp4');
    expect((await problemOf(write('nomvhd.mp4', ftyp(), box('moov', box('trak', Buffer.alloc(8))))))[1]).toBe(
      'The mp4 file is damaged (no mvhd box in moov)',
    );
  });
});
