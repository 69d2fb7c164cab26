// Wire contracts of the courses feature (SPEC §3 Course, Add-admin form; §5; §7 "Courses and lectures").
import { z } from 'zod';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from '../constants';
import { VALIDATION } from '../messages';
import type { ErrorBody } from '../errors';
import { Id } from './common';

/** A required text: missing, empty or blank all give the spec's message. */
export const courseFormText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);

/** A code pasted by a person: trimmed, non-empty. Not a UUID means "does not exist" (404), not 400. */
export const JoinCode = courseFormText(VALIDATION.pasteId, 100);

export const CourseIdParams = z.strictObject({ id: Id });
export const UserCoursesParams = z.strictObject({ userId: Id });

/** POST /api/courses. adminId is the creator (SPEC §6); the server only accepts the caller's own id. */
export const CreateCourseBody = z.strictObject({
  name: courseFormText(VALIDATION.fillAllFields, MAX_TITLE_LENGTH),
  description: courseFormText(VALIDATION.fillAllFields, MAX_DESCRIPTION_LENGTH),
  adminId: Id.optional(),
});
export type CreateCourseBody = z.infer<typeof CreateCourseBody>;

/** PUT /api/courses/{id}. */
export const UpdateCourseBody = z.strictObject({
  name: courseFormText(VALIDATION.fillAllFields, MAX_TITLE_LENGTH),
  description: courseFormText(VALIDATION.fillAllFields, MAX_DESCRIPTION_LENGTH),
});
export type UpdateCourseBody = z.infer<typeof UpdateCourseBody>;

/** POST /api/courses/join. userId, when sent, must be the caller's. */
export const JoinCourseBody = z.strictObject({ courseId: JoinCode, userId: Id.optional() });
export type JoinCourseBody = z.infer<typeof JoinCourseBody>;

/** POST /api/courses/add-admin: the course, and the new admin by id or by email (SPEC §5). */
export const AddAdminBody = z
  .strictObject({
    courseId: courseFormText(VALIDATION.missingInformation, 100).pipe(Id),
    adminId: z.string().trim().max(100).optional(),
    adminEmail: z.string().trim().max(254).optional(),
  })
  .refine((body) => Boolean(body.adminId || body.adminEmail), {
    message: VALIDATION.missingInformation,
    path: ['adminId'],
  });
export type AddAdminBody = z.infer<typeof AddAdminBody>;

/** One administrator of a course, as the edit view lists them (SPEC §2 Edit course). No email. */
export interface CourseAdminDto {
  id: string;
  _id: string;
  name: string;
}

/** A course card (Courses, My Videos). */
export interface CourseSummaryDto {
  id: string;
  _id: string;
  name: string;
  description: string;
}

/** GET /api/courses/{id} and the answers of POST /api/courses and PUT /api/courses/{id}. */
export interface CourseDto extends CourseSummaryDto {
  admins: CourseAdminDto[];
  /** Number of lectures the caller may see. */
  lectures: number;
  isAdmin: boolean;
}

/** A lecture joined on its own (SPEC §2 Courses: links to /video/{firstVideoId} or /lecture/{id}). */
export interface JoinedLectureDto {
  id: string;
  _id: string;
  title: string;
  topic: string;
  lectureDate: string;
  courseID: string;
  courseName: string;
  firstVideoId: string | null;
}

/** GET /api/courses/user-courses/{userId}. createdCourses: every course the user administers. */
export interface UserCoursesAnswer {
  joinedCourses: CourseSummaryDto[];
  createdCourses: CourseSummaryDto[];
  joinedLectures: JoinedLectureDto[];
}

/** 200 of POST /api/courses/join. */
export interface JoinCourseAnswer {
  message: string;
  id: string;
  courseId: string;
}

/**
 * Error bodies of the join calls that tell the web where to go: 409 "Already enrolled in that course"
 * carries courseId; 409 "Already joined that lecture" carries lectureId, courseId and firstVideoId.
 */
export interface JoinConflictBody extends ErrorBody {
  courseId: string;
  lectureId?: string;
  firstVideoId?: string | null;
}

/** Answer of add-admin, deletes and other course and lecture actions with nothing more to say. */
export interface CourseMessageAnswer {
  message: string;
}
