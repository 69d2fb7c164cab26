import fsp from 'node:fs/promises';
import { AUTOMATIC_CAPTION_SOURCE, type CaptionOwner, type Cue } from '@lectern/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps';
import type { DbOrTx, Tx } from '../../../db/client';
import { PermanentJobError } from '../../../jobs/job-queue';
import { recordableMessage } from '../../../lib/query-errors';
import { paceLimitMs } from '../../media/public';
import { findTrack } from '../captions.repository';
import { publishCues } from '../captions.service';
import { cuesFromWords } from '../transcription/cues-from-words';
import type { HeardWord } from '../transcription/engine';
import { heardSpeech } from '../transcription/heard-speech';
import { emitAutoCaptionsChanged, noticeAutoCaptionsProgress } from './auto-captions.events';
import {
  type AutoCaptionsChange,
  findAutoCaptions,
  ownerMedia,
  setAutoCaptions,
  setAutoCaptionsProgress,
} from './auto-captions.repository';
import { configuredEngine } from './configured-engine';
import { type CourseEngine, courseEngine } from './course-engine';
import { TranscriptionFailure, extractAudio } from './extract-audio';

// Automatic captions (issue 25) as a durable job (DESIGN §11), like a conversion: queued in the
// transaction that makes a video or answer ready (or on demand), run TRANSCRIBE_CONCURRENCY at a time per
// instance (one by default) at a low CPU priority, picked up again after a kill -9. Its state lives in auto_captions, whose row goes with
// its video (cascade): the run checks it every few seconds and stops the engine once it has gone, on
// whichever instance it runs. A hand-made track is never replaced, not even one saved while it ran.

export const TRANSCRIBE_JOB = 'captions.transcribe';
const ATTEMPTS = 2;
const OWNER_CHECK_MS = 2000;
const PROGRESS_EVERY_MS = 1000;

interface TranscribePayload {
  owner: CaptionOwner;
  ownerId: string;
}

/** Whether the track in `language` is there and made by hand (an upload or an editor save). */
export async function handMade(db: DbOrTx, owner: CaptionOwner, ownerId: string, language: string) {
  const track = await findTrack(db, owner, ownerId, language);
  return Boolean(track && !track.source.startsWith(AUTOMATIC_CAPTION_SOURCE));
}

/** Moves the state and tells the lecture's admins, in one transaction; false when the owner is gone. */
export async function changeState(
  deps: AppDeps,
  owner: CaptionOwner,
  ownerId: string,
  language: string,
  change: AutoCaptionsChange,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    if (!(await setAutoCaptions(tx, owner, ownerId, language, change))) return false;
    await emitAutoCaptionsChanged(tx, owner, ownerId);
    return true;
  });
}

/**
 * Queues the automatic captions of a video or answer that has just become ready, in the caller's
 * transaction; nothing when automatic captions are off.
 */
export async function queueAutomaticCaptions(
  deps: AppDeps,
  tx: Tx,
  owner: CaptionOwner,
  ownerId: string,
): Promise<void> {
  if (!deps.config.autoCaptions) return;
  await setAutoCaptions(tx, owner, ownerId, 'en', { state: 'queued' });
  await emitAutoCaptionsChanged(tx, owner, ownerId);
  await deps.jobs.enqueue(tx, TRANSCRIBE_JOB, { owner, ownerId } satisfies TranscribePayload, {
    maxAttempts: ATTEMPTS,
  });
}

/** Heard words as cues inside the video's length (an engine may place the last word a little past it). */
function cuesWithin(words: HeardWord[], durationSeconds: number): Cue[] {
  return cuesFromWords(words)
    .map((cue) => ({ ...cue, end: Math.min(cue.end, durationSeconds) }))
    .filter((cue) => cue.end > cue.start);
}

/** A signal aborted when the owner's row goes (its video was deleted), checked every few seconds. */
function whileOwnerExists(deps: AppDeps, owner: CaptionOwner, ownerId: string) {
  const gone = new AbortController();
  const timer = setInterval(() => {
    findAutoCaptions(deps.db, owner, ownerId)
      .then((row) => {
        if (!row) gone.abort(new Error('cancelled: its video was deleted'));
      })
      .catch(() => undefined);
  }, OWNER_CHECK_MS);
  return { signal: gone.signal, stop: () => clearInterval(timer) };
}

/** Progress in whole percent, written and told at most once a second. */
function progressReporter(deps: AppDeps, owner: CaptionOwner, ownerId: string, durationSeconds: number) {
  let last = -1;
  let at = 0;
  return (seconds: number) => {
    const percent = Math.min(99, Math.floor((100 * seconds) / Math.max(durationSeconds, 1)));
    const now = Date.now();
    if (percent === last || now - at < PROGRESS_EVERY_MS) return;
    last = percent;
    at = now;
    void setAutoCaptionsProgress(deps.db, owner, ownerId, percent)
      .then(async (moved) => {
        if (moved) await noticeAutoCaptionsProgress(deps.db, owner, ownerId, percent);
      })
      .catch(() => undefined);
  };
}

async function transcribe(
  deps: AppDeps,
  log: FastifyBaseLogger,
  { chosen, fallback }: CourseEngine,
  { owner, ownerId }: TranscribePayload,
  signal: AbortSignal,
): Promise<void> {
  const media = await ownerMedia(deps.db, owner, ownerId);
  if (!media) throw new TranscriptionFailure('This video has no file of its own to transcribe');
  const { language } = chosen;
  const engine = chosen.engine.name;
  if (!(await changeState(deps, owner, ownerId, language, { state: 'transcribing', progress: 0, engine })))
    return;
  // Bounded like a conversion: the grace, plus the allowance per second of video (PROCESSING_* settings).
  const limitMs = paceLimitMs(deps.config.processingPace, media.durationSeconds);
  const overdue = AbortSignal.timeout(limitMs);
  const watch = whileOwnerExists(deps, owner, ownerId);
  const all = AbortSignal.any([signal, watch.signal, overdue]);
  const wav = `${deps.media.tempPath()}.wav`;
  try {
    await extractAudio(deps.config.ffmpeg, deps.media.pathOf(media.sha256), wav, all);
    const onProgress = progressReporter(deps, owner, ownerId, media.durationSeconds);
    const words = await chosen.engine.transcribe(wav, { signal: all, onProgress }).catch((error: unknown) => {
      // The course's adapted model failed the engine: Debian's model hears it instead, said once.
      if (!fallback || all.aborted) throw error;
      log.warn(
        { owner, ownerId, err: error },
        "PocketSphinx failed with the course's model: Debian's is used",
      );
      return fallback.engine.transcribe(wav, { signal: all, onProgress });
    });
    const cues = cuesWithin(words, media.durationSeconds);
    if (cues.length === 0 || !heardSpeech(words)) throw new TranscriptionFailure('No speech found');
    if (await handMade(deps.db, owner, ownerId, language)) {
      await changeState(deps, owner, ownerId, language, { state: 'skipped', engine });
      return;
    }
    if (!(await findAutoCaptions(deps.db, owner, ownerId))) return; // deleted meanwhile
    const { source, label } = chosen;
    await publishCues(deps, { owner, ownerId, language, label, cues, source, createdBy: null });
    await changeState(deps, owner, ownerId, language, { state: 'done', engine });
  } catch (error) {
    if (overdue.aborted && !signal.aborted && !watch.signal.aborted)
      throw new TranscriptionFailure(
        `Transcription took longer than ${spokenDuration(limitMs)} and was stopped`,
      );
    throw error;
  } finally {
    watch.stop();
    await fsp.rm(wav, { force: true });
  }
}

/** "32 seconds" under two minutes, "25 minutes" above. */
const spokenDuration = (ms: number) =>
  ms < 120_000 ? `${Math.round(ms / 1000)} seconds` : `${Math.round(ms / 60_000)} minutes`;

/** Runs one job: the engine's state first (missing, a hand-made track), then the transcription. */
async function runTranscription(
  deps: AppDeps,
  log: FastifyBaseLogger,
  payload: TranscribePayload,
  signal: AbortSignal,
) {
  const { owner, ownerId } = payload;
  const row = await findAutoCaptions(deps.db, owner, ownerId);
  if (!row || (row.state !== 'queued' && row.state !== 'transcribing')) return; // deleted or settled
  const chosen = configuredEngine(deps.config);
  if (chosen === null) return; // turned off since it was queued: it stays queued for when it is back on
  if (typeof chosen === 'string') {
    await changeState(deps, owner, ownerId, row.language, { state: 'unavailable', reason: chosen });
    return;
  }
  if (await handMade(deps.db, owner, ownerId, chosen.language)) {
    await changeState(deps, owner, ownerId, chosen.language, { state: 'skipped' });
    return;
  }
  await transcribe(deps, log, await courseEngine(deps, log, chosen, owner, ownerId), payload, signal);
}

export function registerTranscriptionJobs(deps: AppDeps, log: FastifyBaseLogger): void {
  deps.jobs.handle<TranscribePayload>(
    TRANSCRIBE_JOB,
    async (job) => {
      const { owner, ownerId } = job.payload;
      try {
        await runTranscription(deps, log, job.payload, job.signal);
      } catch (error) {
        if (job.signal.aborted) throw error; // shutdown: it runs again from the start
        if (!(await findAutoCaptions(deps.db, owner, ownerId))) return; // its video went: cancelled
        const permanent = error instanceof TranscriptionFailure;
        if (!permanent && job.attempt < ATTEMPTS) throw error;
        const reason = permanent ? error.message : `Transcription failed: ${recordableMessage(error)}`;
        await changeState(deps, owner, ownerId, 'en', { state: 'failed', reason });
        if (!permanent) throw new PermanentJobError(reason);
      }
    },
    { concurrency: deps.config.autoCaptions?.concurrency ?? 1 },
  );
}
