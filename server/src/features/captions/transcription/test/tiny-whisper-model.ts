import fs from 'node:fs';

// A whisper model in whisper.cpp's ggml file format, made by the test suite itself (issue 25): the real
// layout that whisper_model_load reads (src/whisper.cpp) — magic, hyperparameters, mel filters,
// vocabulary, then every tensor by name — with a tiny width, one layer each side, and seeded random
// weights. It loads and runs like a real model and hears nothing: its text is nonsense by design.

const GGML_MAGIC = 0x67676d6c; // "ggml", GGML_FILE_MAGIC
const F32 = 0; // ggml_type GGML_TYPE_F32, and ftype "all F32"

/** English-only vocabulary (51864 tokens): the special tokens sit at fixed ids after the 50256 text ones. */
const N_VOCAB = 51864;
const TEXT_TOKENS = 50256;
const SPACE_TOKEN = 220;
const N_MELS = 80;
const N_FFT = 201; // 1 + 400 / 2: whisper's 25 ms window at 16 kHz
/** 30 s of audio per window: 3000 mel frames, halved by the second convolution. */
const N_AUDIO_CTX = 1500;
const N_TEXT_CTX = 448;

export interface TinyModelShape {
  /** Width of both encoder and decoder; small keeps the file at a few megabytes. */
  state: number;
  heads: number;
  layers: number;
}

const DEFAULT_SHAPE: TinyModelShape = { state: 16, heads: 2, layers: 1 };

/** A seeded generator (mulberry32): the same file on every run, so a failure can be replayed. */
function randomFloats(seed: number) {
  let a = seed >>> 0;
  return (count: number, scale: number) => {
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      out[i] = ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1) * scale;
    }
    return out;
  };
}

/** The tensors whisper_model_load expects, with their shapes in ggml order (fastest dimension first). */
function tensorShapes({ state, layers }: TinyModelShape): [string, number[]][] {
  const out: [string, number[]][] = [
    ['encoder.positional_embedding', [state, N_AUDIO_CTX]],
    ['encoder.conv1.weight', [3, N_MELS, state]],
    ['encoder.conv1.bias', [1, state]],
    ['encoder.conv2.weight', [3, state, state]],
    ['encoder.conv2.bias', [1, state]],
    ['encoder.ln_post.weight', [state]],
    ['encoder.ln_post.bias', [state]],
  ];
  const block = (prefix: string, attentions: string[]) => {
    out.push(
      [`${prefix}.mlp_ln.weight`, [state]],
      [`${prefix}.mlp_ln.bias`, [state]],
      [`${prefix}.mlp.0.weight`, [state, 4 * state]],
      [`${prefix}.mlp.0.bias`, [4 * state]],
      [`${prefix}.mlp.2.weight`, [4 * state, state]],
      [`${prefix}.mlp.2.bias`, [state]],
    );
    for (const attn of attentions)
      out.push(
        [`${prefix}.${attn}_ln.weight`, [state]],
        [`${prefix}.${attn}_ln.bias`, [state]],
        [`${prefix}.${attn}.query.weight`, [state, state]],
        [`${prefix}.${attn}.query.bias`, [state]],
        [`${prefix}.${attn}.key.weight`, [state, state]],
        [`${prefix}.${attn}.value.weight`, [state, state]],
        [`${prefix}.${attn}.value.bias`, [state]],
        [`${prefix}.${attn}.out.weight`, [state, state]],
        [`${prefix}.${attn}.out.bias`, [state]],
      );
  };
  for (let i = 0; i < layers; i++) block(`encoder.blocks.${i}`, ['attn']);
  out.push(
    ['decoder.positional_embedding', [state, N_TEXT_CTX]],
    ['decoder.token_embedding.weight', [state, N_VOCAB]],
    ['decoder.ln.weight', [state]],
    ['decoder.ln.bias', [state]],
  );
  for (let i = 0; i < layers; i++) block(`decoder.blocks.${i}`, ['attn', 'cross_attn']);
  return out;
}

const int32s = (...values: number[]) => Buffer.from(Int32Array.from(values).buffer);

/** Writes the model to `file` (a few megabytes) and returns its path. */
export function writeTinyWhisperModel(file: string, shape: TinyModelShape = DEFAULT_SHAPE): string {
  const { state, heads, layers } = shape;
  const random = randomFloats(25);
  const parts: Buffer[] = [
    Buffer.from(Uint32Array.of(GGML_MAGIC).buffer),
    // n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer, n_text_ctx, n_text_state,
    // n_text_head, n_text_layer, n_mels, ftype
    int32s(N_VOCAB, N_AUDIO_CTX, state, heads, layers, N_TEXT_CTX, state, heads, layers, N_MELS, F32),
    int32s(N_MELS, N_FFT),
    Buffer.from(random(N_MELS * N_FFT, 0.05).map(Math.abs).buffer),
    // The text tokens only, as short words; whisper.cpp names the special ones itself.
    int32s(TEXT_TOKENS),
  ];
  for (let id = 0; id < TEXT_TOKENS; id++) {
    // whisper.cpp looks up the lone space by text (it suppresses it first in a segment): GPT-2's id 220.
    const word = Buffer.from(id === SPACE_TOKEN ? ' ' : ` w${id.toString(36)}`);
    parts.push(int32s(word.length), word);
  }
  for (const [name, ne] of tensorShapes(shape)) {
    const count = ne.reduce((a, b) => a * b, 1);
    const scale = name.endsWith('ln.weight') || name.endsWith('ln_post.weight') ? 1 : 0.5;
    const values = scale === 1 ? new Float32Array(count).fill(1) : random(count, scale);
    const nameBytes = Buffer.from(name);
    parts.push(int32s(ne.length, nameBytes.length, F32, ...ne), nameBytes, Buffer.from(values.buffer));
  }
  fs.writeFileSync(file, Buffer.concat(parts));
  return file;
}
