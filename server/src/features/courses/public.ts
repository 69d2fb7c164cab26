// What other features may use of courses (the boundary rule, scripts/eslint-server-boundaries.js, admits no
// other file of it): its decoration, through which another system (an LMS) makes courses and members.
import type { Tx } from '../../db/client';
import type { CourseRole, Enrolment } from './enrolment';

export type { CourseRole, Enrolment } from './enrolment';

declare module 'fastify' {
  interface FastifyInstance {
    /** The courses feature's service for other features. */
    courses: CoursesFeature;
  }
}

export interface CoursesFeature {
  /** A new course, administered by `createdBy`; its id. */
  createCourse(tx: Tx, values: { name: string; createdBy: string }): Promise<string>;
  /** Gives the user at least `role` in the course (enrolment.ts). */
  enrol(tx: Tx, courseId: string, userId: string, role: CourseRole): Promise<void>;
  /** `enrol` for many (a roster page) in a few statements. */
  enrolMany(tx: Tx, courseId: string, enrolments: readonly Enrolment[]): Promise<void>;
  /** Takes these users' access to the course away, nothing they made, never the last administrator's: whose ended. */
  withdrawMany(tx: Tx, courseId: string, userIds: readonly string[]): Promise<string[]>;
}
