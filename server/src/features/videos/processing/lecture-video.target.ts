import { and, eq, ne } from 'drizzle-orm';
import { MEDIA } from '@lectern/shared';
import type { AppDeps } from '../../../app-deps';
import type { Tx } from '../../../db/client';
import { videos } from '../../../db/schema';
import { emitLectureChanged } from '../../../events/catalog-events';
import { type Audience, type EventPayload, audienceOfLectures } from '../../../events/domain-event';
import { publishNotice } from '../../../events/notices';
import { emit } from '../../../events/outbox';
import { findLecture } from '../../access/public';
import { queueAutomaticCaptions } from '../../captions/public';
import type { LecturesService } from '../../lectures/public';
import { type Ingested, type ProcessingTarget, discardIngested, queueProcessing } from '../../media/public';
import type { VideoRow } from '../../../db/schema';
import { type NewVideo, insertVideo } from '../videos.repository';
import { insertPendingVideo, setVideoFailed, setVideoProgress } from './pending-videos.repository';

// Lecture videos and processing (issue 9): a ready upload joins the playlist at once; any other waits
// outside it (status processing, so no student read path can reach it) and joins at the end of the
// playlist when its conversion is verified, or stays failed with its reason until an admin deletes it.
// Its admins hear video.processing (progress), video.ready and video.failed (reason) on the events stream.

/** Creates the video of a finished upload in the lecture; the upload is discarded on failure. */
export async function addUploadedVideo(
  deps: AppDeps,
  lectures: LecturesService,
  lectureId: string,
  title: string,
  ingested: Ingested,
  uploaderId: string,
): Promise<VideoRow> {
  if ('ready' in ingested) {
    const { sha256, durationSeconds, hasPoster } = ingested.ready;
    const values = {
      title,
      sourceType: 'localFile' as const,
      mediaSha256: sha256,
      durationSeconds,
      hasPoster,
      uploaderId,
    };
    return deps.db
      .transaction(async (tx) => {
        const video = await addVideoInLecture(tx, lectures, lectureId, values);
        await queueAutomaticCaptions(deps, tx, 'video', video.id);
        return video;
      })
      .catch(async (error: unknown) => {
        await discardIngested(deps, ingested);
        throw error;
      });
  }
  return deps.db
    .transaction(async (tx) => {
      const video = await insertPendingVideo(tx, title, uploaderId);
      const owner = { videoId: video.id, lectureId };
      await queueProcessing(deps, tx, ingested.processingId, owner, uploaderId);
      await emitVideoEvent(tx, lectureId, { type: 'video.processing', videoId: video.id });
      return video;
    })
    .catch(async (error: unknown) => {
      await discardIngested(deps, ingested);
      throw error;
    });
}

/** Creates a playable video at the end of the lecture's playlist; the lecture's readers hear of it. */
async function addVideoInLecture(tx: Tx, lectures: LecturesService, lectureId: string, values: NewVideo) {
  const video = await insertVideo(tx, values);
  await joinPlaylist(tx, lectures, lectureId, video.id);
  return video;
}

/** addVideoInLecture in a transaction of its own (a YouTube link). */
export const addVideoToLecture = (
  deps: AppDeps,
  lectures: LecturesService,
  lectureId: string,
  values: NewVideo,
): Promise<VideoRow> => deps.db.transaction((tx) => addVideoInLecture(tx, lectures, lectureId, values));

/** The video goes at the end of the lecture's playlist, and the lecture's readers hear of it. */
async function joinPlaylist(tx: Tx, lectures: LecturesService, lectureId: string, videoId: string) {
  await lectures.appendToPlaylist(tx, lectureId, videoId);
  const lecture = await findLecture(tx, lectureId);
  if (lecture) await emitLectureChanged(tx, lecture);
}

/** Who hears of a video waiting to join `lectureId`: that lecture's course admins only. */
async function adminsOfLecture(tx: Tx, lectureId: string): Promise<Audience | null> {
  const lecture = await findLecture(tx, lectureId);
  return lecture ? audienceOfLectures('admins', [lecture]) : null;
}

async function emitVideoEvent(tx: Tx, lectureId: string, payload: EventPayload): Promise<void> {
  const audience = await adminsOfLecture(tx, lectureId);
  if (audience) await emit(tx, { payload, audience });
}

/** The processing target of lecture videos: a converted video joins its lecture's playlist. */
export const lectureVideoTarget = (lectures: LecturesService): ProcessingTarget => ({
  async finish(deps, entry, media, claim) {
    const { videoId, lectureId } = entry;
    if (!videoId || !lectureId) return false;
    return deps.db.transaction(async (tx) => {
      if (!(await claim(tx))) {
        // Its lecture was deleted meanwhile: the video, in no playlist, goes too.
        await tx.delete(videos).where(and(eq(videos.id, videoId), ne(videos.status, 'ready')));
        return false;
      }
      await tx
        .update(videos)
        .set({
          status: 'ready',
          mediaSha256: media.sha256,
          durationSeconds: media.durationSeconds,
          hasPoster: media.hasPoster,
          progress: null,
        })
        .where(eq(videos.id, videoId));
      await emitVideoEvent(tx, lectureId, { type: 'video.ready', videoId });
      await queueAutomaticCaptions(deps, tx, 'video', videoId);
      await joinPlaylist(tx, lectures, lectureId, videoId);
      return true;
    });
  },
  async fail(deps, entry, reason) {
    const { videoId, lectureId } = entry;
    if (!videoId || !lectureId) return;
    await deps.db.transaction(async (tx) => {
      await setVideoFailed(tx, videoId, reason || `${MEDIA.conversionFailed}.`);
      await emitVideoEvent(tx, lectureId, { type: 'video.failed', videoId, reason });
    });
  },
  async progress(deps, entry, percent) {
    const { videoId, lectureId } = entry;
    if (!videoId || !lectureId) return;
    await deps.db.transaction(async (tx) => {
      await setVideoProgress(tx, videoId, percent);
      // Progress is for whoever watches now, never replayed: an ephemeral notice (DESIGN §11).
      const audience = await adminsOfLecture(tx, lectureId);
      const payload = { type: 'video.processing', videoId, progress: percent } as const;
      if (audience) await publishNotice(tx, { kind: 'event', payload, audience });
    });
  },
});
