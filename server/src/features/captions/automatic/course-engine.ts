import type { CaptionOwner } from '@lectern/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps';
import { videosAnsweredBy } from '../captions.repository';
import { findPocketsphinx } from '../transcription/pocketsphinx';
import { coursesOfVideo } from './adaptation.job';
import { type ConfiguredEngine, pocketsphinxConfigured } from './configured-engine';
import { courseVoice } from './course-voice';

/** The engine a transcription uses, and Debian's model to fall back on when the course's fails. */
export interface CourseEngine {
  chosen: ConfiguredEngine;
  fallback: ConfiguredEngine | null;
}

/** The courses a video or answer belongs to (an answer: those of the videos whose questions it answers). */
async function coursesOf(deps: AppDeps, owner: CaptionOwner, ownerId: string): Promise<string[]> {
  const videoIds = owner === 'video' ? [ownerId] : await videosAnsweredBy(deps.db, ownerId);
  const courses = await Promise.all(videoIds.map((id) => coursesOfVideo(deps.db, id)));
  return [...new Set(courses.flat())];
}

/**
 * PocketSphinx with the model adapted to the course's voice when the course has one (the first course
 * holding the video that has); a damaged model is said once in the log and Debian's is used instead.
 */
export async function courseEngine(
  deps: AppDeps,
  log: FastifyBaseLogger,
  chosen: ConfiguredEngine,
  owner: CaptionOwner,
  ownerId: string,
): Promise<CourseEngine> {
  const options = deps.config.autoCaptions;
  if (options?.engine !== 'pocketsphinx') return { chosen, fallback: null };
  const sphinx = findPocketsphinx(options.pocketsphinxPath);
  if (typeof sphinx === 'string') return { chosen, fallback: null };
  for (const courseId of await coursesOf(deps, owner, ownerId)) {
    const voice = await courseVoice(deps.config.mediaDir, courseId, sphinx.hmm);
    if (voice === null) continue;
    if ('problem' in voice) {
      log.warn({ courseId }, `PocketSphinx uses Debian's model: ${voice.problem}`);
      return { chosen, fallback: null };
    }
    return { chosen: pocketsphinxConfigured({ ...sphinx, hmm: voice.hmm }), fallback: chosen };
  }
  return { chosen, fallback: null };
}
