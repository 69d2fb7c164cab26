import type { Tx } from '../db/client';
import { audienceOfLectures, courseAudience } from './domain-event';
import { emit } from './outbox';

// Events of the course catalogue: course pages, playlists and dashboards refetch on them.

/** A lecture, its dates or its playlist changed; students hear of it once it is released. */
export async function emitLectureChanged(
  tx: Tx,
  lecture: { id: string; courseId: string; lectureDateAvailable: Date },
): Promise<void> {
  await emit(tx, {
    payload: { type: 'lecture.changed', lectureId: lecture.id, courseId: lecture.courseId },
    audience: audienceOfLectures('members', [lecture]),
  });
}

/** The course itself, its admins or its list of lectures changed (a lecture deleted, say). */
export async function emitCourseChanged(tx: Tx, courseId: string): Promise<void> {
  await emit(tx, { payload: { type: 'course.changed', courseId }, audience: courseAudience(courseId) });
}
