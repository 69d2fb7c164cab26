// What `npm run eval transcribe` listens to (issue 25): the project's own test speech, and an operator's
// folder of recordings with their reference transcripts, so an engine and a model are judged on the
// lectures they will really hear.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lectureSpeech, lectureTexts, speechWav } from '../test-media/speech/make-speech.mjs';

/** A recording as every engine takes it (16 kHz mono WAV) and the words truly said in it. */
export interface SpeechSample {
  name: string;
  wav: string;
  text: string;
}

/** The project's espeak-ng lectures (test-media/speech). */
export const projectSpeech = (): SpeechSample[] =>
  lectureTexts().map(({ name, text }) => ({ name, wav: lectureSpeech(name), text }));

/** An operator's folder: each `NAME.txt` reference beside one recording `NAME.<any extension ffmpeg reads>`. */
export interface FolderSpeech {
  samples: SpeechSample[];
  /** Files that could not be paired, with why, so a typo in a name is seen rather than silently skipped. */
  unpaired: string[];
}

export function folderSpeech(dir: string): FolderSpeech {
  const files = fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).isFile());
  const stem = (f: string) => f.slice(0, f.length - path.extname(f).length);
  const references = new Set(files.filter((f) => f.endsWith('.txt')).map(stem));
  const recordings = new Map<string, string[]>();
  for (const f of files.filter((f) => !f.endsWith('.txt') && !f.startsWith('.'))) {
    recordings.set(stem(f), [...(recordings.get(stem(f)) ?? []), f]);
  }
  const unpaired: string[] = [];
  for (const [name, found] of recordings) {
    if (!references.has(name)) unpaired.push(`${found.join(', ')}: no ${name}.txt beside it`);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-eval-speech-'));
  const samples: SpeechSample[] = [];
  for (const name of [...references].sort()) {
    const found = recordings.get(name) ?? [];
    if (found.length !== 1) {
      unpaired.push(
        `${name}.txt: ${found.length === 0 ? 'no recording' : `${found.length} recordings (${found.join(', ')})`} named ${name}.*`,
      );
      continue;
    }
    const text = fs.readFileSync(path.join(dir, `${name}.txt`), 'utf8').trim();
    const wav = speechWav(path.join(dir, found[0]!), path.join(work, `${name}.wav`));
    samples.push({ name, wav, text });
  }
  return { samples, unpaired };
}
