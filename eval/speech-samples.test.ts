import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  findPocketsphinx,
  pocketsphinxEngine,
} from '../server/src/features/captions/transcription/pocketsphinx';
import { speechVideo } from '../test-media/speech/make-speech.mjs';
import { folderSpeech } from './speech-samples';
import { hear } from './transcribe';

// An operator's folder for `npm run eval transcribe` (issue 25): recordings in any format beside their
// reference transcripts, paired by name; what cannot be paired is named, not dropped in silence.
const SAID = 'the force on the cart is mass times acceleration';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-eval-folder-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('an operator folder of recordings and transcripts', () => {
  fs.copyFileSync(speechVideo('eval-folder-force', SAID), path.join(dir, 'force.mp4'));
  fs.writeFileSync(path.join(dir, 'force.txt'), `${SAID}\n`);
  fs.writeFileSync(path.join(dir, 'orphan.txt'), 'a transcript with no recording');
  fs.writeFileSync(path.join(dir, 'stray.m4a'), 'a recording with no transcript');
  const { samples, unpaired } = folderSpeech(dir);

  it('pairs each transcript with its recording, as 16 kHz mono WAV', () => {
    expect(samples.map(({ name, text }) => ({ name, text }))).toEqual([{ name: 'force', text: SAID }]);
    const header = fs.readFileSync(samples[0]!.wav).subarray(0, 44);
    expect(header.toString('ascii', 0, 4)).toBe('RIFF');
    expect(header.readUInt16LE(22)).toBe(1); // channels
    expect(header.readUInt32LE(24)).toBe(16_000); // sample rate
    expect(fs.statSync(samples[0]!.wav).size).toBeGreaterThan(16_000 * 2); // over a second of sound
  });

  it('names what it could not pair', () => {
    expect(unpaired.sort()).toEqual([
      'orphan.txt: no recording named orphan.*',
      'stray.m4a: no stray.txt beside it',
    ]);
  });

  it("prints an engine's word error rate over the folder apart from the test speech", async () => {
    const sphinx = findPocketsphinx();
    if (typeof sphinx === 'string') throw new Error(sphinx);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await hear(pocketsphinxEngine(sphinx), { label: dir, samples });
      const lines = log.mock.calls.map(([line]) => String(line));
      expect(lines[0]).toMatch(/PocketSphinx.*, force: WER \d+\.\d % of 9 words/);
      expect(lines[1]).toContain(`all of ${dir}: WER`);
    } finally {
      log.mockRestore();
    }
  });
});
