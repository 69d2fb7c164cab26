import type { CourseSummaryDto, UserCoursesAnswer } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { hasNothingYet } from './first-steps';

const none: UserCoursesAnswer = { createdCourses: [], joinedCourses: [], joinedLectures: [] };
const course = {} as CourseSummaryDto;

describe('hasNothingYet', () => {
  it('is true only without created courses, joined courses and joined lectures', () => {
    expect(hasNothingYet(none)).toBe(true);
    expect(hasNothingYet({ ...none, createdCourses: [course] })).toBe(false);
    expect(hasNothingYet({ ...none, joinedCourses: [course] })).toBe(false);
    expect(
      hasNothingYet({ ...none, joinedLectures: [{} as UserCoursesAnswer['joinedLectures'][number]] }),
    ).toBe(false);
  });
});
