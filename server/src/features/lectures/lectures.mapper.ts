import type { LectureDto, LectureVideoItem } from '@lectern/shared';
import type { LectureRow } from '../access/access.repository';
import { isReleased } from '../access/access.service';
import type { VideoRow } from '../videos/video.mapper';

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
    released: isReleased(lecture, now),
  };
}

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

/** Where the player finds a video: our /media route for stored files, the watch URL for YouTube. */
export const videoSourceOf = (video: Pick<VideoRow, 'sourceType' | 'mediaSha256' | 'youtubeUrl'>): string =>
  video.sourceType === 'localFile' ? `/media/${video.mediaSha256}.mp4` : (video.youtubeUrl ?? '');

export const toLectureVideoItem = (video: VideoRow): LectureVideoItem => ({
  id: video.id,
  _id: video.id,
  title: video.title,
  sourceType: video.sourceType,
  videoSource: videoSourceOf(video),
  durationSeconds: video.durationSeconds,
});
