import type { CourseRole } from '../courses/public';

// Context roles of the LIS vocabulary (LTI Core 1.3, appendix A.2.3): the person's role in this LMS course.
// Institution and system roles (…/institution/person#…, …/system/person#…) say nothing about the course and
// grant nothing here.
const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership';
const ADMIN_ROLES = new Set([
  `${MEMBERSHIP}#Administrator`,
  `${MEMBERSHIP}#Instructor`,
  `${MEMBERSHIP}/Instructor#TeachingAssistant`,
]);
const STUDENT_ROLES = new Set([`${MEMBERSHIP}#Learner`]);

/**
 * The Lectern role the launch's roles claim gives in the linked course, or null when it gives none: course
 * administrators are the LMS course's instructors, teaching assistants and administrators; students its
 * learners. The highest wins.
 */
export function courseRoleOf(roles: readonly string[]): CourseRole | null {
  if (roles.some((r) => ADMIN_ROLES.has(r))) return 'admin';
  if (roles.some((r) => STUDENT_ROLES.has(r))) return 'student';
  return null;
}
