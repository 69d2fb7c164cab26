// Wire contracts of the courses feature (SPEC §3 Course, Add-admin form; §5; §7 "Courses and lectures").
import { z } from 'zod';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from '../constants';
import { VALIDATION } from '../messages';
import { stripInvisible } from '../text';
import type { ErrorBody } from '../errors';
import { Id, MessageAnswer } from './common';

/** A required text: missing, empty or blank all give the spec's message. Invisible characters go. */
export const courseFormText = (message: string, max: number) =>
  z.string({ error: message }).overwrite(stripInvisible).trim().min(1, message).max(max);

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
  /** "Students may answer questions" (issue 24); unchanged when absent. */
  studentsAnswer: z.boolean().optional(),
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

/** GET /api/courses/{id}/members: q, when given, keeps the members whose name holds it (any case). */
export const CourseMembersQuery = z.strictObject({ q: z.string().trim().max(100).optional() });
export type CourseMembersQuery = z.infer<typeof CourseMembersQuery>;

// Answer shapes. As zod schemas, the server's serializer sends only these fields (SECURITY AC-10).

/** One administrator of a course, as the edit view lists them (SPEC §2 Edit course). No email. */
export const CourseAdminDto = z.object({ id: z.string(), _id: z.string(), name: z.string() });
export type CourseAdminDto = z.infer<typeof CourseAdminDto>;

/** A course card (Courses, My Videos). */
export const CourseSummaryDto = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  description: z.string(),
});
export type CourseSummaryDto = z.infer<typeof CourseSummaryDto>;

/** GET /api/courses/{id} and the answers of POST /api/courses and PUT /api/courses/{id}. */
export const CourseDto = CourseSummaryDto.extend({
  admins: z.array(CourseAdminDto),
  /** Number of lectures the caller may see. */
  lectures: z.number(),
  isAdmin: z.boolean(),
  /** Students may answer classmates' questions in words (issue 24). */
  studentsAnswer: z.boolean(),
});
export type CourseDto = z.infer<typeof CourseDto>;

/**
 * A lecture joined on its own (SPEC §2 Courses: links to /video/{firstVideoId} or /lecture/{id}), with its
 * live window for the "Live now" badge.
 */
export const JoinedLectureDto = z.object({
  id: z.string(),
  _id: z.string(),
  title: z.string(),
  topic: z.string(),
  lectureDate: z.string(),
  lectureDateStart: z.string(),
  lectureDateEnd: z.string(),
  courseID: z.string(),
  courseName: z.string(),
  firstVideoId: z.string().nullable(),
});
export type JoinedLectureDto = z.infer<typeof JoinedLectureDto>;

/** GET /api/courses/user-courses/{userId}. createdCourses: every course the user administers. */
export const UserCoursesAnswer = z.object({
  joinedCourses: z.array(CourseSummaryDto),
  createdCourses: z.array(CourseSummaryDto),
  joinedLectures: z.array(JoinedLectureDto),
});
export type UserCoursesAnswer = z.infer<typeof UserCoursesAnswer>;

/** 200 of POST /api/courses/join. */
export const JoinCourseAnswer = z.object({ message: z.string(), id: z.string(), courseId: z.string() });
export type JoinCourseAnswer = z.infer<typeof JoinCourseAnswer>;

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
export const CourseMessageAnswer = MessageAnswer;
export type CourseMessageAnswer = MessageAnswer;

/** GET /api/invitations: the caller's pending invitations to administer a course (issue 12). */
export const InvitationDto = z.object({
  id: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type InvitationDto = z.infer<typeof InvitationDto>;
export const InvitationsAnswer = z.array(InvitationDto);

export const InvitationIdParams = z.strictObject({ id: Id });

/** Answer of accepting or declining: a message, and the course on accepting. */
export const InvitationAnswer = z.object({ message: z.string(), courseId: z.string().optional() });
export type InvitationAnswer = z.infer<typeof InvitationAnswer>;

/** GET /api/join/{code}: a join link's code, a course id or a lecture id. */
export const JoinPreviewParams = z.strictObject({ code: Id });

/**
 * What a join link joins, for its pages (issue 21): the course, its instructors' names and, for a lecture
 * link, the lecture's title once the lecture is released.
 */
export const JoinPreviewAnswer = z.object({
  courseName: z.string(),
  instructors: z.array(z.string()),
  lectureTitle: z.string().nullable(),
});
export type JoinPreviewAnswer = z.infer<typeof JoinPreviewAnswer>;

/** A course's student, offered to its admins as a new admin (issue 21). A name, never an address. */
export const CourseMemberDto = z.object({ id: z.string(), name: z.string() });
export type CourseMemberDto = z.infer<typeof CourseMemberDto>;

/** The first members by name (COURSE_MEMBERS_SHOWN); more: further members match. */
export const CourseMembersAnswer = z.object({ members: z.array(CourseMemberDto), more: z.boolean() });
export type CourseMembersAnswer = z.infer<typeof CourseMembersAnswer>;
