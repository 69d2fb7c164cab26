import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps';
import type { DbOrTx } from '../../../db/client';
import { trackCues } from '../captions.repository';
import { PermanentJobError } from '../../../jobs/job-queue';
import {
  NothingToAdaptOn,
  type Utterance,
  accumulate,
  adaptationMissing,
  mapModel,
  trainableModel,
} from '../transcription/adaptation/sphinxtrain';
import { type PocketsphinxSetup, findPocketsphinx } from '../transcription/pocketsphinx';
import { cutWav } from '../transcription/wav-parts';
import { findCourse, lecturesHoldingVideo } from '../../access/public';
import { paceLimitMs } from '../../media/public';
import { correctedTracks, everAutomatic } from './adaptation.repository';
import {
  type VoiceRecord,
  removeCourseVoice,
  storeCourseVoice,
  sweepVoiceLeftovers,
  voiceRecord,
  voiceWorkDir,
  voicedCourses,
} from './course-voice';
import { extractAudio } from './extract-audio';

// Speaker adaptation per course (issue 25): an instructor's correction of automatic captions says what the
// lecturer really said, and with the audio under each cue it adapts PocketSphinx's acoustic model (MAP,
// docs/decisions.md) to the course's voice. A durable job, like a transcription: one at a time per instance,
// every tool niced; its model replaces the course's last one whole (course-voice.ts).

export const ADAPT_JOB = 'captions.adapt';
const SWEEP_VOICES_JOB = 'captions.sweep-voices';
const SWEEP_VOICES_EVERY_MS = 6 * 3600_000;
/** The newest corrected speech a course's model is adapted on; more costs time and gains little (decisions.md). */
export const ADAPTATION_SECONDS = 10 * 60;
const LANGUAGE = 'en';
/** A cue's audio a little wider than its times: an engine's cue may clip a word's first or last sound. */
const CUE_MARGIN_SECONDS = 0.15;

interface AdaptPayload {
  courseId: string;
}

/** Whether corrections adapt PocketSphinx here: its engine is the configured one and sphinxtrain is installed. */
export function adaptationProblem(config: AppDeps['config']): string | null {
  if (config.autoCaptions?.engine !== 'pocketsphinx') return null;
  return adaptationMissing(config.autoCaptions.sphinxtrainPath);
}

/** Whether an editor save over automatic captions queues an adaptation here. */
export const adapting = (config: AppDeps['config']) =>
  config.autoCaptions?.engine === 'pocketsphinx' && adaptationProblem(config) === null;

/**
 * After an editor save of a lecture video's track: queues the adaptation of each course holding the video
 * when the track was once automatic. Nothing without PocketSphinx as the engine or without sphinxtrain.
 */
export async function queueCourseAdaptation(deps: AppDeps, db: DbOrTx, videoId: string, language: string) {
  if (language !== LANGUAGE || !adapting(deps.config)) return;
  if (!(await everAutomatic(db, videoId, language))) return;
  for (const courseId of await coursesOfVideo(db, videoId))
    await deps.jobs.enqueue(db, ADAPT_JOB, { courseId } satisfies AdaptPayload, { maxAttempts: 2 });
}

/** The courses whose lectures hold a video. */
export async function coursesOfVideo(db: DbOrTx, videoId: string): Promise<string[]> {
  return [...new Set((await lecturesHoldingVideo(db, videoId)).map((l) => l.courseId))];
}

/** The corrected cues' speech, newest first, up to ADAPTATION_SECONDS, cut into `dir`. */
async function correctedSpeech(deps: AppDeps, courseId: string, dir: string, signal: AbortSignal) {
  const utterances: Utterance[] = [];
  const versions: string[] = [];
  let seconds = 0;
  for (const track of await correctedTracks(deps.db, courseId, LANGUAGE)) {
    if (seconds >= ADAPTATION_SECONDS) break;
    versions.push(`${track.trackId}:${track.version}`);
    const wav = path.join(dir, `${track.trackId}.wav`);
    await extractAudio(deps.config.ffmpeg, deps.media.pathOf(track.mediaSha256), wav, signal);
    for (const [n, cue] of (await trackCues(deps.db, track.trackId)).entries()) {
      if (seconds >= ADAPTATION_SECONDS) break;
      const start = Math.max(0, cue.startSeconds - CUE_MARGIN_SECONDS);
      const end = cue.endSeconds + CUE_MARGIN_SECONDS;
      const out = await cutWav(wav, start, end, path.join(dir, `${track.trackId}-${n}.wav`));
      utterances.push({ wav: out, text: cue.plainText });
      seconds += end - start;
    }
  }
  return { utterances, versions };
}

/** Adapts the course's model to its corrected speech; the new model's record, or null when none was made. */
async function adaptCourse(
  deps: AppDeps,
  setup: PocketsphinxSetup,
  courseId: string,
  signal: AbortSignal,
): Promise<VoiceRecord | null> {
  const { mediaDir } = deps.config;
  const sphinxtrain = deps.config.autoCaptions?.sphinxtrainPath;
  const dir = path.join(voiceWorkDir(mediaDir), randomUUID());
  await fsp.mkdir(dir, { recursive: true });
  try {
    const { utterances, versions } = await correctedSpeech(deps, courseId, dir, signal);
    if (versions.length === 0) {
      await removeCourseVoice(mediaDir, courseId); // its corrections went: so does what they taught
      return null;
    }
    const last = await voiceRecord(mediaDir, courseId);
    if (last?.versions.join() === versions.join()) return null; // a second save's job: already adapted on it
    const base = await trainableModel(setup, dir, signal);
    const counted = await accumulate(setup, base, utterances, path.join(dir, 'counts'), {
      sphinxtrain,
      signal,
    });
    const model = await mapModel(setup, base, path.join(dir, 'counts'), path.join(dir, 'model'), {
      sphinxtrain,
      signal,
    });
    const record: VoiceRecord = {
      versions,
      utterances: counted.used,
      seconds: Math.round(counted.seconds),
      adaptedAt: deps.clock().toISOString(),
    };
    await storeCourseVoice(mediaDir, courseId, model, record);
    // Deleted while it ran: its model goes too.
    if (!(await findCourse(deps.db, courseId))) await removeCourseVoice(mediaDir, courseId);
    return record;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The models whose course went without courses.service removing them (a crash between the two) are
 * removed; those that heard a track version no longer corrected (its video or track deleted, or the
 * correction replaced) are adapted again on what is left, or removed where adaptation cannot run; what
 * killed runs left is swept.
 */
export async function sweepCourseVoices(deps: AppDeps): Promise<void> {
  const { mediaDir } = deps.config;
  await sweepVoiceLeftovers(mediaDir);
  for (const courseId of await voicedCourses(mediaDir)) {
    if (!(await findCourse(deps.db, courseId))) {
      await removeCourseVoice(mediaDir, courseId);
      continue;
    }
    const heard = (await voiceRecord(mediaDir, courseId))?.versions ?? [];
    const current = new Set(
      (await correctedTracks(deps.db, courseId, LANGUAGE)).map((t) => `${t.trackId}:${t.version}`),
    );
    if (heard.length > 0 && heard.every((v) => current.has(v))) continue;
    if (adapting(deps.config))
      await deps.jobs.enqueue(deps.db, ADAPT_JOB, { courseId } satisfies AdaptPayload, { maxAttempts: 2 });
    else await removeCourseVoice(mediaDir, courseId);
  }
}

export function registerAdaptationJobs(deps: AppDeps, log: FastifyBaseLogger): void {
  deps.jobs.every(SWEEP_VOICES_JOB, SWEEP_VOICES_EVERY_MS, () => sweepCourseVoices(deps));
  deps.jobs.handle<AdaptPayload>(
    ADAPT_JOB,
    async (job) => {
      const { courseId } = job.payload;
      const setup = findPocketsphinx(deps.config.autoCaptions?.pocketsphinxPath);
      if (!adapting(deps.config) || typeof setup === 'string') return;
      if (!(await findCourse(deps.db, courseId))) {
        await removeCourseVoice(deps.config.mediaDir, courseId);
        return;
      }
      const started = Date.now();
      // Bounded like a transcription of all the speech it may hear (PROCESSING_* settings).
      const overdue = AbortSignal.timeout(paceLimitMs(deps.config.processingPace, ADAPTATION_SECONDS));
      const record = await adaptCourse(deps, setup, courseId, AbortSignal.any([job.signal, overdue])).catch(
        (error: unknown) => {
          if (error instanceof NothingToAdaptOn) {
            log.info({ courseId }, error.message);
            return null;
          }
          if (overdue.aborted && !job.signal.aborted) throw new PermanentJobError('adaptation took too long');
          throw error;
        },
      );
      if (record)
        log.info({ courseId, ...record, ms: Date.now() - started }, 'PocketSphinx adapted to a course');
    },
    // One at a time: it is rare, and each uses a core for seconds to minutes beside the transcriptions.
    { concurrency: 1 },
  );
}
