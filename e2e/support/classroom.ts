import { beforeAll } from 'vitest';
import { type Classroom, seedClassroom } from './seed';

/**
 * One seeded classroom per spec file (or per describe block that calls it), as useBrowser gives one
 * browser: most journeys only read it, so seeding it once keeps the specs fast. The fields are filled
 * before the first test and before any beforeAll registered after this call, so read them there, not
 * where this is called. Use: `const classroom = useClassroom();` then `classroom.student` inside tests.
 * A journey that changes the classroom seeds its own with seedClassroom().
 */
export function useClassroom(): Classroom {
  const classroom = {} as Classroom;
  beforeAll(async () => {
    Object.assign(classroom, await seedClassroom());
  });
  return classroom;
}
