import type { CourseLectureDto, LectureDto } from '@lectern/shared';
import { ANYONE, type LectureRow, lectureAllows } from '../access/public';
import type { LectureCardMedia } from './lectures.repository';

/** A lecture on the wire (SPEC §3): both id and _id, dates as ISO 8601, videos in playlist order. */
export function toLectureDto(
  lecture: LectureRow,
  videoIds: string[],
  course: { id: string; name: string },
  now: Date,
): LectureDto {
  return {
    id: lecture.id,
    _id: lecture.id,
    title: lecture.title,
    topic: lecture.topic,
    lectureDate: lecture.lectureDate.toISOString(),
    lectureDateAvailable: lecture.lectureDateAvailable.toISOString(),
    lectureDateStart: lecture.lectureDateStart.toISOString(),
    lectureDateEnd: lecture.lectureDateEnd.toISOString(),
    lectureVideos: videoIds,
    firstVideoId: videoIds[0] ?? null,
    courseID: lecture.courseId,
    parentCourse: { id: course.id, _id: course.id, name: course.name },
    released: lectureAllows('sees', ANYONE, lecture, now),
  };
}

/** A lecture for the course page's card: the lecture, its poster's signed URL and its length. */
export const toCourseLectureDto = (
  lecture: LectureDto,
  card: LectureCardMedia | undefined,
  posterUrl: (sha256: string) => string,
): CourseLectureDto => ({
  ...lecture,
  posterSource: card?.posterSha256 ? posterUrl(card.posterSha256) : null,
  durationSeconds: card?.durationSeconds ?? null,
});

/**
 * The lecture as a caller outside its course sees it (shared by link, or joined alone): a course id is
 * the course's join code, so a lecture link never opens the whole course (issue 12, item 3).
 */
export const withoutCourseId = (dto: LectureDto): LectureDto => ({
  ...dto,
  courseID: '',
  parentCourse: { ...dto.parentCourse, id: '', _id: '' },
});

type WireDates = Record<
  'lectureDate' | 'lectureDateAvailable' | 'lectureDateStart' | 'lectureDateEnd',
  string
>;

/** The four dates of a request body (ISO 8601, validated by zod) as Dates. */
export const datesFromWire = (body: WireDates) => ({
  lectureDate: new Date(body.lectureDate),
  lectureDateAvailable: new Date(body.lectureDateAvailable),
  lectureDateStart: new Date(body.lectureDateStart),
  lectureDateEnd: new Date(body.lectureDateEnd),
});
