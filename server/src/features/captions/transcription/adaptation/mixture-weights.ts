// Debian's en-us model ships its mixture weights only as PocketSphinx's quantised `sendump`; SphinxTrain's
// `bw` reads the Sphinx-III `mixture_weights` file. This rebuilds that file from the sendump, as
// sphinxtrain's own python/cmusphinx/sendump.py does (Python 2, not runnable here): each byte is a
// negated log (base 1.0001) weight shifted right by `mixw_shift`.
import fs from 'node:fs';

interface Sendump {
  senones: number;
  features: number;
  densities: number;
  /** weights[feature][density][senone], each a byte of quantised -log weight. */
  bytes: Buffer;
  shift: number;
}

function readSendump(file: string): Sendump {
  const data = fs.readFileSync(file);
  let at = 0;
  const int = () => {
    const n = data.readInt32LE(at);
    at += 4;
    return n;
  };
  const header = new Map<string, number>();
  int(); // the title's length
  at += data.readInt32LE(0);
  for (let length = int(); length !== 0; length = int()) {
    const [key, value] = data.toString('latin1', at, at + length - 1).split(' ');
    if (value !== undefined) header.set(key!, Number(value));
    at += length;
  }
  if (!header.get('cluster_count')) {
    header.set('model_count', int());
    header.set('mixture_count', int());
  }
  // In a sendump "model_count" counts densities and "mixture_count" senones (sendump.py's reading).
  const densities = header.get('model_count')!;
  const senones = header.get('mixture_count')!;
  const features = header.get('feature_count')!;
  const bytes = data.subarray(at, at + features * densities * senones);
  if (bytes.length !== features * densities * senones)
    throw new Error(`${file}: shorter than its header says`);
  return { senones, features, densities, bytes, shift: header.get('mixw_shift') ?? 10 };
}

/** Writes `mixtureWeights` (Sphinx-III binary, float32, normalised per senone and feature) from `sendumpFile`. */
export function writeMixtureWeights(sendumpFile: string, mixtureWeights: string) {
  const { senones, features, densities, bytes, shift } = readSendump(sendumpFile);
  const weights = new Float32Array(senones * features * densities);
  for (let f = 0; f < features; f++) {
    for (let d = 0; d < densities; d++) {
      for (let s = 0; s < senones; s++) {
        const quantised = bytes[(f * densities + d) * senones + s]!;
        weights[(s * features + f) * densities + d] = 1.0001 ** -(quantised << shift);
      }
    }
  }
  for (let row = 0; row < senones * features; row++) {
    const slice = weights.subarray(row * densities, (row + 1) * densities);
    const sum = slice.reduce((a, b) => a + b, 0);
    for (let d = 0; d < densities; d++) slice[d]! /= sum;
  }
  // The header as sphinxtrain's s3file.py writes it: text, padded so the data starts on 4 bytes.
  let text = 's3\nversion 1.0\n';
  const pad = (4 - ((text.length + 'endhdr\n'.length) & 3)) & 3;
  text += `${' '.repeat(pad)}endhdr\n`;
  const dims = Buffer.alloc(20);
  dims.writeInt32LE(0x11223344, 0);
  [senones, features, densities, weights.length].forEach((n, i) => dims.writeUInt32LE(n, 4 + 4 * i));
  fs.writeFileSync(
    mixtureWeights,
    Buffer.concat([Buffer.from(text, 'latin1'), dims, Buffer.from(weights.buffer)]),
  );
}
