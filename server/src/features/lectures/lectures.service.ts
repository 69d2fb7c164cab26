import {
  type CourseLecturesAnswer,
  type CreateLectureBody,
  DATE_DEFAULTS,
  type LectureDto,
  type UpdateLectureBody,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { emitCourseChanged, emitLectureChanged } from '../../events/catalog-events';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  type LectureRow,
  adminsOfCourse,
  courseRole,
  lectureAllows,
  requireCourseAdmin,
  requireCourseMember,
  requireLectureAdmin,
  requireVisibleLecture,
  standingOfRole,
} from '../access/public';
import {
  appendToPlaylist,
  courseName,
  deleteLectureRow,
  insertLecture,
  lecturesOfCourse,
  cardMediaOf,
  playlistsOf,
  removeFromPlaylist,
  updateLecture,
  videosOfLecture,
  writePlaylistOrder,
} from './lectures.repository';
import { mediaUrls } from '../../lib/media-urls';
import { datesFromWire, toCourseLectureDto, toLectureDto, withoutCourseId } from './lectures.mapper';
import { deleteOrphanedVideos, removeUnreferencedMedia } from '../media/public';

export type LecturesService = ReturnType<typeof createLecturesService>;

export function createLecturesService(deps: AppDeps) {
  const { db, clock, media } = deps;
  async function dto(lecture: LectureRow): Promise<LectureDto> {
    const playlist = (await playlistsOf(db, [lecture.id])).get(lecture.id) ?? [];
    const name = await courseName(db, lecture.courseId);
    return toLectureDto(lecture, playlist, { id: lecture.courseId, name }, clock());
  }

  /** One transaction for the rows, then the files of media nothing references any more. */
  async function deleteWithOrphans(work: (tx: Tx) => Promise<string[]>): Promise<void> {
    const gone = await db.transaction(work);
    await removeUnreferencedMedia(db, media, gone);
  }

  return {
    // What other features read and write of lectures and playlists, in the db or transaction they give;
    // the caller has checked the access.
    /** Each lecture's playlist: its video ids in order. */
    playlistsOf,
    /** The lecture's playlist: its videos in order. */
    videosOfLecture,
    /** The course's lectures. */
    lecturesOfCourse,
    /** Puts the video at the end of the lecture's playlist. */
    appendToPlaylist,

    /** Anyone may read a released lecture (shareable video links, SECURITY §2.3 row 11). */
    async get(user: AuthUser | null, lectureId: string): Promise<LectureDto> {
      const { lecture } = await requireVisibleLecture(db, user, lectureId, clock());
      const inCourse = (await courseRole(db, user, lecture.courseId)) !== 'none';
      return inCourse ? dto(lecture) : withoutCourseId(await dto(lecture));
    },

    /** Students see released lectures only; admins see all, flagged by `released` (SPEC §4). */
    async ofCourse(user: AuthUser, courseId: string): Promise<CourseLecturesAnswer> {
      const { course, role } = await requireCourseMember(db, user, courseId);
      const now = clock();
      const all = await lecturesOfCourse(db, courseId);
      const visible = all.filter((l) => lectureAllows('sees', standingOfRole(role), l, now));
      const ids = visible.map((l) => l.id);
      const [playlists, cards] = [await playlistsOf(db, ids), await cardMediaOf(db, ids)];
      const admins = await adminsOfCourse(db, courseId);
      const posterUrl = (sha256: string) => mediaUrls(deps).posterUrl(sha256);
      return {
        lectures: visible.map((l) =>
          toCourseLectureDto(
            toLectureDto(l, playlists.get(l.id) ?? [], course, now),
            cards.get(l.id),
            posterUrl,
          ),
        ),
        admins: admins.map((a) => ({ id: a.id, _id: a.id, name: a.name })),
        name: course.name,
        description: course.description,
        id: course.id,
        _id: course.id,
        isAdmin: role === 'admin',
      };
    },

    async create(user: AuthUser, body: CreateLectureBody): Promise<LectureDto> {
      await requireCourseAdmin(db, user, body.courseID);
      const lectureDate = new Date(body.lectureDate);
      const lecture = await db.transaction(async (tx) => {
        const lecture = await insertLecture(tx, {
          courseId: body.courseID,
          title: body.title,
          topic: body.topic,
          lectureDate,
          lectureDateAvailable: body.lectureDateAvailable
            ? new Date(body.lectureDateAvailable)
            : new Date(lectureDate.getTime() - DATE_DEFAULTS.availableBeforeMs),
          lectureDateStart: new Date(body.lectureDateStart),
          lectureDateEnd: new Date(body.lectureDateEnd),
        });
        await emitLectureChanged(tx, lecture);
        return lecture;
      });
      return dto(lecture);
    },

    async update(user: AuthUser, lectureId: string, body: UpdateLectureBody): Promise<LectureDto> {
      await requireLectureAdmin(db, user, lectureId);
      const lecture = await db.transaction(async (tx) => {
        const lecture = await updateLecture(tx, lectureId, {
          title: body.title,
          topic: body.topic,
          ...datesFromWire(body),
        });
        await emitLectureChanged(tx, lecture);
        return lecture;
      });
      return dto(lecture);
    },

    async remove(user: AuthUser, lectureId: string): Promise<void> {
      const lecture = await requireLectureAdmin(db, user, lectureId);
      await deleteWithOrphans(async (tx) => {
        const videoIds = (await playlistsOf(tx, [lectureId])).get(lectureId) ?? [];
        await deleteLectureRow(tx, lectureId);
        await emitCourseChanged(tx, lecture.courseId);
        return deleteOrphanedVideos(tx, videoIds);
      });
    },

    /** Takes a video off the playlist; a video left in no lecture is deleted with its questions. */
    async removeVideo(user: AuthUser, lectureId: string, videoId: string): Promise<string[]> {
      const lecture = await requireLectureAdmin(db, user, lectureId);
      let remaining: string[] = [];
      await deleteWithOrphans(async (tx) => {
        if (!(await removeFromPlaylist(tx, lectureId, videoId))) {
          throw notFound('That video is not in this lecture');
        }
        remaining = (await playlistsOf(tx, [lectureId])).get(lectureId) ?? [];
        await writePlaylistOrder(tx, lectureId, remaining);
        await emitLectureChanged(tx, lecture);
        return deleteOrphanedVideos(tx, [videoId]);
      });
      return remaining;
    },

    async reorderVideos(user: AuthUser, lectureId: string, videoIds: string[]): Promise<string[]> {
      const lecture = await requireLectureAdmin(db, user, lectureId);
      await db.transaction(async (tx) => {
        const current = (await playlistsOf(tx, [lectureId])).get(lectureId) ?? [];
        const wanted = new Set(videoIds);
        if (
          wanted.size !== videoIds.length ||
          wanted.size !== current.length ||
          !current.every((id) => wanted.has(id))
        ) {
          throw badRequest("The new order must list each of the lecture's videos exactly once");
        }
        await writePlaylistOrder(tx, lectureId, videoIds);
        await emitLectureChanged(tx, lecture);
      });
      return videoIds;
    },
  };
}
