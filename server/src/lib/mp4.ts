import fsp, { type FileHandle } from 'node:fs/promises';

// Checks that a file is an ISO-BMFF mp4 by its bytes, never its name or Content-Type (SECURITY UP-2,
// DESIGN §5.9), and reads its duration. Only box headers and mvhd are read: a 2 GB upload costs a few
// positioned reads, wherever its moov box sits (moov-at-end files are valid).

export type Mp4Problem = 'not-mp4' | 'broken';

export class Mp4Error extends Error {
  constructor(
    readonly problem: Mp4Problem,
    message: string,
  ) {
    super(message);
    this.name = 'Mp4Error';
  }
}

export interface Mp4Info {
  durationSeconds: number;
}

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'M4A ',
  'f4v ',
  'mmp4',
  'MSNV',
  'NDAS',
]);

const NOT_MP4 = 'The file is not an mp4 video (no ftyp box)';

interface Box {
  type: string;
  /** Offset of the box's content, after its header. */
  start: number;
  /** Offset just past the box. */
  end: number;
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The box starting at `position`, or null at `limit`; throws on a header that does not fit. */
async function readBox(file: FileHandle, position: number, limit: number): Promise<Box | null> {
  if (position >= limit) return null;
  const header = await readAt(file, position, 16);
  if (header.length < 8) throw new Mp4Error('broken', 'The mp4 file is truncated (incomplete box header)');
  const type = header.toString('latin1', 4, 8);
  let size = header.readUInt32BE(0);
  let headerSize = 8;
  if (size === 1) {
    if (header.length < 16) throw new Mp4Error('broken', 'The mp4 file is truncated (incomplete box header)');
    size = Number(header.readBigUInt64BE(8));
    headerSize = 16;
  } else if (size === 0) {
    size = limit - position; // "extends to the end of the file"
  }
  if (size < headerSize || position + size > limit) {
    throw new Mp4Error('broken', `The mp4 file is damaged (the ${JSON.stringify(type)} box has a bad size)`);
  }
  return { type, start: position + headerSize, end: position + size };
}

async function checkFtyp(file: FileHandle, box: Box): Promise<void> {
  const content = await readAt(file, box.start, Math.min(box.end - box.start, 256));
  const brands = [content.toString('latin1', 0, 4)];
  for (let at = 8; at + 4 <= content.length; at += 4) brands.push(content.toString('latin1', at, at + 4));
  if (!brands.some((brand) => MP4_BRANDS.has(brand))) {
    throw new Mp4Error('not-mp4', `The file is not an mp4 video (brand ${JSON.stringify(brands[0])})`);
  }
}

async function* children(file: FileHandle, parent: Box): AsyncGenerator<Box> {
  for (
    let at = parent.start, box = await readBox(file, at, parent.end);
    box;
    box = await readBox(file, at, parent.end)
  ) {
    yield box;
    at = box.end;
  }
}

async function child(file: FileHandle, parent: Box | null, type: string): Promise<Box | null> {
  if (!parent) return null;
  for await (const box of children(file, parent)) if (box.type === type) return box;
  return null;
}

async function readDuration(file: FileHandle, moov: Box): Promise<number> {
  const mvhd = await child(file, moov, 'mvhd');
  if (!mvhd) throw new Mp4Error('broken', 'The mp4 file is damaged (no mvhd box in moov)');
  const content = await readAt(file, mvhd.start, 32);
  const version = content[0];
  const [timescaleAt, durationAt, needed] = version === 1 ? [20, 24, 32] : [12, 16, 20];
  if (content.length < needed) throw new Mp4Error('broken', 'The mp4 file is damaged (short mvhd box)');
  const timescale = content.readUInt32BE(timescaleAt);
  const duration =
    version === 1 ? Number(content.readBigUInt64BE(durationAt)) : content.readUInt32BE(durationAt);
  if (timescale === 0) throw new Mp4Error('broken', 'The mp4 file is damaged (mvhd timescale is 0)');
  return duration / timescale;
}

/** True when some moov/trak/mdia/hdlr declares a video handler ('vide'): audio-only files are refused. */
async function hasVideoTrack(file: FileHandle, moov: Box): Promise<boolean> {
  for await (const trak of children(file, moov)) {
    if (trak.type !== 'trak') continue;
    const hdlr = await child(file, await child(file, trak, 'mdia'), 'hdlr');
    // hdlr content: version+flags (4), pre_defined (4), handler_type (4).
    if (hdlr && (await readAt(file, hdlr.start + 8, 4)).toString('latin1') === 'vide') return true;
  }
  return false;
}

/** Validates the file at `filePath` as mp4 and returns its duration; throws Mp4Error naming the problem. */
export async function inspectMp4(filePath: string): Promise<Mp4Info> {
  const file = await fsp.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const first = await readAt(file, 0, 8);
    if (first.length < 8 || first.toString('latin1', 4, 8) !== 'ftyp') throw new Mp4Error('not-mp4', NOT_MP4);
    let moov: Box | null = null;
    for (let at = 0, box = await readBox(file, at, size); box; box = await readBox(file, at, size)) {
      if (at === 0) await checkFtyp(file, box);
      if (box.type === 'moov') moov = box;
      at = box.end;
    }
    if (!moov) throw new Mp4Error('broken', 'The mp4 file is incomplete (no moov box)');
    const durationSeconds = await readDuration(file, moov);
    if (!(await hasVideoTrack(file, moov))) throw new Mp4Error('not-mp4', 'The mp4 file has no video track');
    return { durationSeconds };
  } finally {
    await file.close();
  }
}

/**
 * The types of the file's top-level boxes, in order (headers only). A browser starts playing a progressive
 * download at once only when `moov` comes before `mdat` ("fast start"); fragments (`moof`) are a stream.
 */
export async function topLevelBoxTypes(filePath: string): Promise<string[]> {
  const file = await fsp.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const types: string[] = [];
    for (let at = 0, box = await readBox(file, at, size); box; box = await readBox(file, at, size)) {
      types.push(box.type);
      at = box.end;
    }
    return types;
  } finally {
    await file.close();
  }
}

/** True for `ftyp` first, then `moov` before any `mdat`, and no fragments. */
export function isFastStart(types: string[]): boolean {
  const moov = types.indexOf('moov');
  const mdat = types.indexOf('mdat');
  return types[0] === 'ftyp' && moov > 0 && (mdat === -1 || moov < mdat) && !types.includes('moof');
}
