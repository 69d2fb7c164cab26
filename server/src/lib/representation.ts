import zlib from 'node:zlib';

/**
 * The content codings Lectern sends, best first. zstd is left out: Node 20 has no zstd in zlib
 * (`zlib.zstdCompress` arrived in Node 22.15), so Chromium's `zstd` is answered with Brotli.
 */
export type Encoding = 'br' | 'gzip' | 'identity';
const PREFERRED: readonly Encoding[] = ['br', 'gzip'];

/** Below this an answer is sent as it is: compression would save next to nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

// Brotli at a low quality costs little CPU for most of its gain over gzip (issue 14: a class's lecture
// questions, 158 KB of JSON, are 14.5 KB gzipped); now that an answer is compressed once per change
// rather than per request, a higher quality would be affordable, but a vote changes the answer of a
// whole class and each change is compressed again.
export const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

type Compress = (bytes: Buffer, done: (error: Error | null, result: Buffer) => void) => void;
// Off the event loop (libuv's pool): a 250 KB answer takes milliseconds to compress. zlib's functions are
// looked up at each call, so that a test can count them.
const COMPRESS: Record<Exclude<Encoding, 'identity'>, Compress> = {
  br: (bytes, done) => zlib.brotliCompress(bytes, BROTLI_OPTIONS, done),
  gzip: (bytes, done) => zlib.gzip(bytes, done),
};

/** q-values of an Accept-Encoding header, by coding (lower case); `*` stands for every other coding. */
function qualities(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)).find(Boolean);
    found.set(coding === 'x-gzip' ? 'gzip' : coding, q ? Number(q[1]) : 1);
  }
  return found;
}

function choose(header: string): Encoding {
  const q = qualities(header);
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const coding of PREFERRED) {
    const value = q.get(coding) ?? q.get('*') ?? 0;
    if (value > bestQ) [best, bestQ] = [coding, value];
  }
  return best;
}

// Browsers send one of a handful of headers, the same on every request: each is parsed once.
const chosen = new Map<string, Encoding>();
const MAX_REMEMBERED_HEADERS = 100;

/** The coding to answer a request's Accept-Encoding with; identity when it offers none Lectern sends. */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    encoding = choose(header);
    if (chosen.size >= MAX_REMEMBERED_HEADERS) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}

/**
 * One answer's bytes, as they are and in each coding asked for: each coding is made on its first ask, off
 * the event loop, and shared by every later and concurrent ask, so the same answer is never compressed
 * twice and a given ETag always comes with the same bytes.
 */
export class Representation {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly identity: Buffer) {}

  /** The coding this answer is sent in when `wanted` is asked for: small answers go as they are. */
  encodingFor(wanted: Encoding): Encoding {
    return this.identity.length < COMPRESS_THRESHOLD_BYTES ? 'identity' : wanted;
  }

  bytes(encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.identity);
    let made = this.encoded.get(encoding);
    if (!made) {
      const compress = COMPRESS[encoding];
      made = new Promise<Buffer>((resolve, reject) =>
        compress(this.identity, (error, result) => (error ? reject(error) : resolve(result))),
      );
      this.encoded.set(encoding, made);
      // A failure is not kept: the next ask tries again.
      made.catch(() => this.encoded.delete(encoding));
    }
    return made;
  }

  /** What it may hold in memory: the answer, with room for its codings (a tenth of JSON or less each). */
  get footprint(): number {
    return this.identity.length * 1.3;
  }
}
