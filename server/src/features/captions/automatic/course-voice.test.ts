import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
  RECORD_FILE,
  courseVoice,
  removeCourseVoice,
  storeCourseVoice,
  sweepVoiceLeftovers,
  voiceRecord,
  voiceWorkDir,
} from './course-voice';

// A course's adapted model replaces the last one whole, never leaving a link to half a model, and goes
// with its course; leftovers of a killed run are swept. Debian's model is stood in for by small files.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-course-voice-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const media = path.join(scratch, 'media');
const debian = path.join(scratch, 'debian');
const COURSE = '6f1c1a8e-2d5b-4c1e-9a57-0e6f3b1d2c4a';
const files = { means: 12, variances: 12, sendump: 20, transition_matrices: 8, mdef: 30, 'feat.params': 5 };
fs.mkdirSync(debian);
for (const [name, size] of Object.entries(files))
  fs.writeFileSync(path.join(debian, name), Buffer.alloc(size));

/** A model as mapModel writes it: its own adapted files (filled with `byte`), links to Debian's others. */
function built(byte: number) {
  const dir = fs.mkdtempSync(path.join(voiceWorkDir(media), 'built-'));
  for (const [name, size] of Object.entries(files)) {
    if (['mdef', 'feat.params'].includes(name)) fs.symlinkSync(path.join(debian, name), path.join(dir, name));
    else fs.writeFileSync(path.join(dir, name), Buffer.alloc(size, byte));
  }
  return dir;
}
const record = (version: number) => ({
  versions: [`t:${version}`],
  utterances: 3,
  seconds: 9,
  adaptedAt: '',
});

it('replaces the last model whole, keeps its record, and goes with the course', async () => {
  fs.mkdirSync(voiceWorkDir(media), { recursive: true });
  expect(await courseVoice(media, COURSE, debian)).toBeNull();
  await storeCourseVoice(media, COURSE, built(1), record(2));
  const first = await courseVoice(media, COURSE, debian);
  expect(first).toMatchObject({ hmm: expect.any(String) });
  const firstDir = (first as { hmm: string }).hmm;
  await storeCourseVoice(media, COURSE, built(2), record(3));
  const second = (await courseVoice(media, COURSE, debian)) as { hmm: string };
  expect(second.hmm).not.toBe(firstDir);
  expect(fs.existsSync(firstDir)).toBe(false);
  expect(fs.readFileSync(path.join(second.hmm, 'means'))[0]).toBe(2);
  expect(await voiceRecord(media, COURSE)).toEqual(record(3));
  expect(fs.existsSync(path.join(second.hmm, RECORD_FILE))).toBe(true);

  // Cut short: said, so the engine falls back to Debian's model.
  fs.truncateSync(path.join(second.hmm, 'sendump'), 3);
  expect(await courseVoice(media, COURSE, debian)).toEqual({
    problem: expect.stringContaining('sendump is missing or cut short'),
  });

  await removeCourseVoice(media, COURSE);
  expect(await courseVoice(media, COURSE, debian)).toBeNull();
  expect(fs.readdirSync(path.join(media, 'voices', '.models'))).toEqual([]);
});

it('sweeps what a killed run left in its work folder once it is a day old', async () => {
  const left = built(3);
  await sweepVoiceLeftovers(media);
  expect(fs.existsSync(left)).toBe(true);
  await sweepVoiceLeftovers(media, Date.now() + 25 * 3600_000);
  expect(fs.existsSync(left)).toBe(false);
});
