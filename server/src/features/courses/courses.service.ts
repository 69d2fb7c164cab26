import {
  COURSE_MEMBERS_SHOWN,
  type CourseDto,
  type CourseMembersAnswer,
  type CreateCourseBody,
  type UpdateCourseBody,
  type UserCoursesAnswer,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  ANYONE,
  type CourseRow,
  adminsOfCourse,
  lectureAllows,
  type Role,
  requireCourseAdmin,
  requireCourseMember,
  standingOfRole,
} from '../access/public';
import { emitCourseChanged } from '../../events/catalog-events';
import { removeCourseVoice } from '../captions/public';
import type { LecturesService } from '../lectures/public';
import { deleteOrphanedVideos, removeUnreferencedMedia } from '../media/public';
import {
  courseMembersByName,
  coursesAdministeredBy,
  coursesJoinedBy,
  deleteCourseRow,
  insertCourse,
  lecturesJoinedBy,
  updateCourse,
  videoIdsOfCourse,
} from './courses.repository';
import { toCourseAdmin, toCourseSummary, toJoinedLecture } from './courses.mapper';

/** The server acts as the token's user: an id naming anyone else is refused (DESIGN §5.1). */
function assertSelf(caller: AuthUser, userId: string | undefined): void {
  if (userId !== undefined && userId !== caller.id) throw forbidden('You can only act for yourself');
}

export function createCoursesService({ db, clock, media, config }: AppDeps, lectureService: LecturesService) {
  async function courseDto(course: CourseRow, role: Exclude<Role, 'none'>): Promise<CourseDto> {
    const now = clock();
    const lectures = await lectureService.lecturesOfCourse(db, course.id);
    const admins = await adminsOfCourse(db, course.id);
    return {
      ...toCourseSummary(course),
      admins: admins.map(toCourseAdmin),
      lectures: lectures.filter((l) => lectureAllows('sees', standingOfRole(role), l, now)).length,
      isAdmin: role === 'admin',
      studentsAnswer: course.studentsAnswer,
    };
  }

  return {
    /** The students an admin may invite to administer the course with them (issue 21); admins only. */
    async members(caller: AuthUser, courseId: string, q: string | undefined): Promise<CourseMembersAnswer> {
      await requireCourseAdmin(db, caller, courseId);
      const rows = await courseMembersByName(db, courseId, q || undefined, COURSE_MEMBERS_SHOWN + 1);
      return { members: rows.slice(0, COURSE_MEMBERS_SHOWN), more: rows.length > COURSE_MEMBERS_SHOWN };
    },

    async userCourses(caller: AuthUser, userId: string): Promise<UserCoursesAnswer> {
      assertSelf(caller, userId);
      const now = clock();
      const joined = await coursesJoinedBy(db, caller.id);
      const created = await coursesAdministeredBy(db, caller.id);
      const administered = new Set(created.map((c) => c.id));
      // Single lectures appear once released, unless the caller administers their course (SPEC §4).
      const lectures = (await lecturesJoinedBy(db, caller.id)).filter(({ lecture }) =>
        lectureAllows('sees', { ...ANYONE, administers: administered.has(lecture.courseId) }, lecture, now),
      );
      const playlists = await lectureService.playlistsOf(
        db,
        lectures.map(({ lecture }) => lecture.id),
      );
      return {
        joinedCourses: joined.map(toCourseSummary),
        createdCourses: created.map(toCourseSummary),
        joinedLectures: lectures.map(({ lecture, courseName }) =>
          toJoinedLecture(lecture, courseName, playlists.get(lecture.id)?.[0] ?? null),
        ),
      };
    },

    async create(caller: AuthUser, body: CreateCourseBody): Promise<CourseDto> {
      assertSelf(caller, body.adminId);
      const course = await db.transaction((tx) =>
        insertCourse(tx, { name: body.name, description: body.description, createdBy: caller.id }),
      );
      return courseDto(course, 'admin');
    },

    async get(caller: AuthUser, courseId: string): Promise<CourseDto> {
      const { course, role } = await requireCourseMember(db, caller, courseId);
      return courseDto(course, role);
    },

    async update(caller: AuthUser, courseId: string, body: UpdateCourseBody): Promise<CourseDto> {
      await requireCourseAdmin(db, caller, courseId);
      const course = await db.transaction(async (tx) => {
        const course = await updateCourse(tx, courseId, {
          name: body.name,
          description: body.description,
          studentsAnswer: body.studentsAnswer,
        });
        await emitCourseChanged(tx, courseId);
        return course;
      });
      return courseDto(course, 'admin');
    },

    /**
     * The course, its lectures, then videos in no lecture any more and media nothing uses (DESIGN §4), and
     * the speech model adapted to its voice (issue 25).
     */
    async remove(caller: AuthUser, courseId: string): Promise<void> {
      await requireCourseAdmin(db, caller, courseId);
      const gone = await db.transaction(async (tx) => {
        const videoIds = await videoIdsOfCourse(tx, courseId);
        // Streams still hold the memberships this deletes, so the members hear of it.
        await emitCourseChanged(tx, courseId);
        await deleteCourseRow(tx, courseId);
        return deleteOrphanedVideos(tx, videoIds);
      });
      await removeUnreferencedMedia(db, media, gone);
      await removeCourseVoice(config.mediaDir, courseId);
    },
  };
}
