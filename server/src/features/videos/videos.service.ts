import fsp from 'node:fs/promises';
import {
  VideoFileToLectureFields,
  type VideoAnswerDto,
  type VideoContextDto,
  type VideoDto,
  type YoutubeToLectureBody,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { emitLectureChanged } from '../../events/catalog-events';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  type LectureRow,
  findLecture,
  lecturesHoldingVideo,
  requireCourseAdmin,
  requireLectureAdmin,
  requireVideoAdmin,
  requireVisibleLecture,
  requireVisibleVideo,
} from '../access/public';
import type { LecturesService } from '../lectures/public';
import { ingestUpload } from '../media/public';
import { addUploadedVideo, addVideoToLecture } from './processing/lecture-video.target';
import { deletePendingVideo, lectureVideosFor } from './processing/pending-videos';
import { mediaUrls } from '../../lib/media-urls';
import { toVideoDto } from './video.mapper';
import { findResponseWithVideos, renameVideo, videoContexts } from './videos.repository';

/**
 * The lecture a new video goes into: the caller administers `courseId` and the lecture belongs to it
 * (SECURITY AC-6: objects must belong together). Checked before any byte is stored.
 */
export async function requireUploadTarget(
  deps: AppDeps,
  user: AuthUser,
  courseId: string,
  lectureId: string,
): Promise<LectureRow> {
  await requireCourseAdmin(deps.db, user, courseId);
  const lecture = await findLecture(deps.db, lectureId);
  if (!lecture) throw notFound('Lecture not found');
  if (lecture.courseId !== courseId) throw badRequest('That lecture does not belong to this course');
  return lecture;
}

/** Parses multipart text fields with the shared schema (400 with the schema's message). */
export function parseFileFields(fields: Record<string, string>): VideoFileToLectureFields {
  const parsed = VideoFileToLectureFields.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

export function createVideosService(deps: AppDeps, lectures: LecturesService) {
  const { db } = deps;
  return {
    /** A finished multipart upload; the temp file is consumed whatever happens. */
    async addFileToLecture(
      user: AuthUser,
      fields: Record<string, string>,
      tempPath: string,
    ): Promise<VideoDto> {
      let target: VideoFileToLectureFields;
      try {
        target = parseFileFields(fields);
        await requireUploadTarget(deps, user, target.courseID, target.lectureID);
      } catch (error) {
        await fsp.rm(tempPath, { force: true });
        throw error;
      }
      const ingested = await ingestUpload(deps, tempPath);
      return toVideoDto(
        deps,
        await addUploadedVideo(deps, lectures, target.lectureID, target.title, ingested, user.id),
      );
    },

    async addYoutubeToLecture(user: AuthUser, body: YoutubeToLectureBody): Promise<VideoDto> {
      await requireUploadTarget(deps, user, body.courseID, body.lectureID);
      const video = await addVideoToLecture(deps, lectures, body.lectureID, {
        title: body.title,
        sourceType: 'youtubeLink',
        youtubeUrl: body.videoSource,
      });
      return toVideoDto(deps, video);
    },

    async lectureVideos(user: AuthUser | null, lectureId: string): Promise<VideoDto[]> {
      const { role } = await requireVisibleLecture(db, user, lectureId, deps.clock());
      return (await lectureVideosFor(db, lectures, lectureId, role)).map((v) => toVideoDto(deps, v));
    },

    async firstLectureVideo(user: AuthUser | null, lectureId: string): Promise<{ videoId: string }> {
      await requireVisibleLecture(db, user, lectureId, deps.clock());
      const [first] = await lectures.videosOfLecture(db, lectureId);
      if (!first) throw notFound('This lecture has no videos yet');
      return { videoId: first.id };
    },

    /** An answer video, for anyone who may see a video whose question it answers. */
    async videoAnswer(user: AuthUser | null, responseId: string): Promise<VideoAnswerDto> {
      const found = await findResponseWithVideos(db, responseId);
      if (!found) throw notFound('Response not found');
      const visible = await Promise.all(
        found.videoIds.map((id) =>
          requireVisibleVideo(db, user, id, deps.clock()).then(
            () => true,
            () => false,
          ),
        ),
      );
      if (!visible.includes(true)) throw notFound('Response not found');
      const { response } = found;
      if (!response.mediaSha256) throw notFound('Response not found'); // still processing
      return { id: response.id, _id: response.id, videoSource: mediaUrls(deps).url(response.mediaSha256) };
    },

    /** Where the video is used, limited to the courses the caller administers (their names only). */
    async contexts(user: AuthUser, videoId: string): Promise<VideoContextDto[]> {
      const access = await requireVideoAdmin(db, user, videoId, deps.clock());
      return videoContexts(db, videoId, [...access.adminCourseIds]);
    },

    /**
     * Takes a video off the lecture's playlist (the lectures feature's rule); a video still processing or
     * failed is in no playlist and is deleted with its original instead.
     */
    async removeFromLecture(user: AuthUser, lectureId: string, videoId: string): Promise<string[]> {
      await requireLectureAdmin(db, user, lectureId);
      if (await deletePendingVideo(deps, lectureId, videoId)) {
        return (await lectures.playlistsOf(db, [lectureId])).get(lectureId) ?? [];
      }
      return lectures.removeVideo(user, lectureId, videoId);
    },

    async rename(user: AuthUser, videoId: string, title: string): Promise<VideoDto> {
      await requireVideoAdmin(db, user, videoId, deps.clock());
      const video = await db.transaction(async (tx) => {
        const renamed = await renameVideo(tx, videoId, title);
        // Playlists show the title: every lecture holding the video refetches.
        for (const lecture of await lecturesHoldingVideo(tx, videoId)) await emitLectureChanged(tx, lecture);
        return renamed;
      });
      if (!video) throw notFound('Video not found');
      return toVideoDto(deps, video);
    },
  };
}
