import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ADAPTED_FILES } from '../transcription/adaptation/sphinxtrain';

// A course's PocketSphinx model, adapted to its lecturer's voice (issue 25), in the media folder:
// voices/<courseId> is a link to voices/.models/<courseId>.<uuid>, a whole `-hmm` folder of the files
// adaptation changed (~3.6 MB) and links to Debian's others. A new model is written whole in voices/.work,
// renamed into .models, and the link replaced by rename: every instance sharing the media folder sees the
// old model or the new one, never half of one, and a crash leaves only leftovers in .work, swept later.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Leftovers of a crash are older than any run. */
const LEFTOVER_MS = 24 * 3600_000;
/** What the model was adapted on, beside it. */
export const RECORD_FILE = 'adapted-on.json';

export interface VoiceRecord {
  /** The corrected tracks' versions the model heard, as `trackId:version`, newest first. */
  versions: string[];
  utterances: number;
  seconds: number;
  adaptedAt: string;
}

const voicesDir = (mediaDir: string) => path.join(mediaDir, 'voices');
const modelsDir = (mediaDir: string) => path.join(voicesDir(mediaDir), '.models');
/** Where a run works: beside the models, so its result is renamed into place, never copied. */
export const voiceWorkDir = (mediaDir: string) => path.join(voicesDir(mediaDir), '.work');

function linkOf(mediaDir: string, courseId: string) {
  if (!UUID.test(courseId)) throw new Error('not a course id');
  return path.join(voicesDir(mediaDir), courseId);
}

/** The model folder the course's link names, or null when it has none. */
async function linkedModel(mediaDir: string, courseId: string): Promise<string | null> {
  const target = await fsp.readlink(linkOf(mediaDir, courseId)).catch(() => null);
  return target === null ? null : path.resolve(voicesDir(mediaDir), target);
}

/**
 * The course's adapted model for `-hmm`; null when it has none; a sentence saying what is wrong with a
 * damaged one (a file missing or of another size than Debian's, which adaptation never changes).
 */
export async function courseVoice(
  mediaDir: string,
  courseId: string,
  debianHmm: string,
): Promise<{ hmm: string } | { problem: string } | null> {
  const hmm = await linkedModel(mediaDir, courseId);
  if (hmm === null) return null;
  for (const name of await fsp.readdir(debianHmm)) {
    const [ours, theirs] = await Promise.all([
      fsp.stat(path.join(hmm, name)).catch(() => null),
      fsp.stat(path.join(debianHmm, name)),
    ]);
    const expected = (ADAPTED_FILES as readonly string[]).includes(name) ? theirs.size : null;
    if (!ours || (expected !== null && ours.size !== expected))
      return { problem: `the course's adapted model (${hmm}) is damaged: ${name} is missing or cut short` };
  }
  return { hmm };
}

/** What the course's current model was adapted on, or null. */
export async function voiceRecord(mediaDir: string, courseId: string): Promise<VoiceRecord | null> {
  const hmm = await linkedModel(mediaDir, courseId);
  if (hmm === null) return null;
  const text = await fsp.readFile(path.join(hmm, RECORD_FILE), 'utf8').catch(() => null);
  return text === null ? null : (JSON.parse(text) as VoiceRecord);
}

/** Makes `built` (a whole model folder in voiceWorkDir) the course's model, replacing the last one. */
export async function storeCourseVoice(
  mediaDir: string,
  courseId: string,
  built: string,
  record: VoiceRecord,
): Promise<void> {
  await fsp.writeFile(path.join(built, RECORD_FILE), JSON.stringify(record, null, 1));
  await fsp.mkdir(modelsDir(mediaDir), { recursive: true });
  const name = `${courseId}.${randomUUID()}`;
  await fsp.rename(built, path.join(modelsDir(mediaDir), name));
  const previous = await linkedModel(mediaDir, courseId);
  const link = path.join(voiceWorkDir(mediaDir), `${name}.link`);
  await fsp.symlink(path.join('.models', name), link);
  await fsp.rename(link, linkOf(mediaDir, courseId));
  if (previous) await fsp.rm(previous, { recursive: true, force: true });
}

/** Removes the course's model (its course was deleted) and any model of it left behind. */
export async function removeCourseVoice(mediaDir: string, courseId: string): Promise<void> {
  await fsp.rm(linkOf(mediaDir, courseId), { force: true });
  const names = await fsp.readdir(modelsDir(mediaDir)).catch(() => []);
  await Promise.all(
    names
      .filter((n) => n.startsWith(`${courseId}.`))
      .map((n) => fsp.rm(path.join(modelsDir(mediaDir), n), { recursive: true, force: true })),
  );
}

/** The courses that have a model. */
export async function voicedCourses(mediaDir: string): Promise<string[]> {
  return (await fsp.readdir(voicesDir(mediaDir)).catch(() => [])).filter((n) => UUID.test(n));
}

/** Removes what runs killed midway left in voiceWorkDir. */
export async function sweepVoiceLeftovers(mediaDir: string, now = Date.now()): Promise<void> {
  const work = voiceWorkDir(mediaDir);
  for (const name of await fsp.readdir(work).catch(() => [])) {
    const file = path.join(work, name);
    const stat = await fsp.lstat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > LEFTOVER_MS) await fsp.rm(file, { recursive: true, force: true });
  }
}
