import { describe, expect, it } from 'vitest';
import { courseRoleOf } from './launch-roles';

const role = (name: string) => `http://purl.imsglobal.org/vocab/lis/v2/membership#${name}`;

describe('courseRoleOf', () => {
  it('makes instructors, teaching assistants and context administrators course administrators', () => {
    expect(courseRoleOf([role('Instructor')])).toBe('admin');
    expect(
      courseRoleOf(['http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant']),
    ).toBe('admin');
    expect(courseRoleOf([role('Administrator')])).toBe('admin');
  });

  it('makes learners students, and the highest role wins', () => {
    expect(courseRoleOf([role('Learner')])).toBe('student');
    expect(courseRoleOf([role('Learner'), role('Instructor')])).toBe('admin');
  });

  it('grants nothing for institution or system roles, short names or no role', () => {
    expect(
      courseRoleOf(['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator']),
    ).toBeNull();
    expect(courseRoleOf(['http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator'])).toBeNull();
    expect(courseRoleOf(['Instructor'])).toBeNull();
    expect(courseRoleOf([])).toBeNull();
  });
});
