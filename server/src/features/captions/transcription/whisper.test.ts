import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canSpeak, lectureSpeech } from '../../../../../test-media/speech/make-speech.mjs';
import { writeTinyWhisperModel } from './test/tiny-whisper-model';
import { findWhisper, whisperEngine, wordsOfSegment } from './whisper';

// whisper.cpp through its prebuilt binding, on a model the test writes itself (random weights, the real
// ggml layout): it proves the loading, the 30-second windows and the timestamps, not the accuracy (a real
// model's figures are in docs/deploy.md). Its text is nonsense by design; its times must still be sound.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-whisper-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const model = writeTinyWhisperModel(path.join(scratch, 'ggml-tiny-random.bin'));

describe('wordsOfSegment', () => {
  it("shares a segment's time among its words by length, and drops what is not a word", () => {
    expect(wordsOfSegment({ text: ' Hi there, - ok', t0: 1000, t1: 2000 })).toEqual([
      { text: 'Hi', start: 1, end: 1.2 },
      { text: 'there,', start: 1.2, end: 1.8 },
      { text: 'ok', start: 1.8, end: 2 },
    ]);
  });
});

describe('findWhisper', () => {
  it('accepts a ggml model and says what is wrong with anything else', () => {
    expect(findWhisper(model)).toBe(model);
    expect(findWhisper(undefined)).toMatch(/needs TRANSCRIBE_MODEL/);
    expect(findWhisper(path.join(scratch, 'absent.bin'))).toMatch(/cannot be read/);
    const text = path.join(scratch, 'not-a-model.bin');
    fs.writeFileSync(text, '<html>404 Not Found</html>'.repeat(4));
    expect(findWhisper(text)).toMatch(/is not a whisper.cpp ggml model/);
  });
});

describe('whisper.cpp on a generated model', { timeout: 600_000 }, () => {
  if (!canSpeak()) throw new Error('espeak-ng is not installed (.ci/run installs it)');
  const engine = whisperEngine(model);

  it('loads it and returns timed words over both 30-second windows of a 36-second lecture', async () => {
    const progress: number[] = [];
    const words = await engine.transcribe(lectureSpeech('physics'), { onProgress: (s) => progress.push(s) });
    expect(engine.name).toBe('whisper.cpp (ggml-tiny-random.bin)');
    expect(words.length).toBeGreaterThan(0);
    for (const word of words) {
      expect(word.text).toMatch(/\S/);
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect(word.start).toBeGreaterThanOrEqual(0);
    }
    const starts = words.map((w) => w.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // The second window starts at 30 s: the audio was cut into windows and their times added up. Random
    // weights may stretch the last segment to the window's end (60 s); the job clips cues to the video.
    expect(progress.at(-1)).toBeGreaterThan(30);
    expect(words.at(-1)!.end).toBeLessThanOrEqual(60);
  });

  it('fails with the reason when the model is cut short in its tensors', async () => {
    const damaged = path.join(scratch, 'damaged.bin');
    const whole = fs.readFileSync(model);
    fs.writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length * 0.75)));
    expect(findWhisper(damaged)).toBe(damaged);
    await expect(whisperEngine(damaged).transcribe(lectureSpeech('physics'))).rejects.toThrow(
      /whisper.cpp exited with 1: Failed to initialize whisper context/,
    );
  });

  it('stops at once when its job is cancelled', async () => {
    const controller = new AbortController();
    const running = engine.transcribe(lectureSpeech('economics'), { signal: controller.signal });
    controller.abort(new Error('video deleted'));
    await expect(running).rejects.toThrow('video deleted');
  });
});
