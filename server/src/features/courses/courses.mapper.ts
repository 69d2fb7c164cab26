import type { CourseAdminDto, CourseSummaryDto, JoinedLectureDto } from '@lectern/shared';
import type { LectureRow } from '../access/public';
import type { CourseSummaryRow } from './courses.repository';

export const toCourseSummary = (course: CourseSummaryRow): CourseSummaryDto => ({
  id: course.id,
  _id: course.id,
  name: course.name,
  description: course.description,
});

export const toCourseAdmin = (admin: { id: string; name: string }): CourseAdminDto => ({
  id: admin.id,
  _id: admin.id,
  name: admin.name,
});

export const toJoinedLecture = (
  lecture: LectureRow,
  courseName: string,
  firstVideoId: string | null,
): JoinedLectureDto => ({
  id: lecture.id,
  _id: lecture.id,
  title: lecture.title,
  topic: lecture.topic,
  lectureDate: lecture.lectureDate.toISOString(),
  lectureDateStart: lecture.lectureDateStart.toISOString(),
  lectureDateEnd: lecture.lectureDateEnd.toISOString(),
  courseID: lecture.courseId,
  courseName,
  firstVideoId,
});
