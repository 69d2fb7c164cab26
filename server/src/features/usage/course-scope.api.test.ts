import type { UsageEntry } from '@lectern/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { lectureVideos } from '../../db/schema';
import { createUser, type TestUser } from '../../../test/factories';
import { seedCourse, seedCourseMember, seedLecture, seedLectureMember } from '../../../test/seed';
import { appFixture } from '../../../test/fixture';
import { parseCsv } from './csv-test-parser';
import { getAs, logAs, seedUsageWorld } from './usage.test-support';

// Issue 12, item 10 for usage: identities stay within the course where the student is a member. A video
// shared concurrently with course T shows each course's admins only their own students, in the report and
// in its CSV export; a viewer who is a member of neither (anyone may watch by link) is in neither.

const NOW = new Date('2026-03-02T12:00:00.000Z');

describe('student activity of a video shared by two courses', () => {
  const { t, w } = appFixture((app) => seedUsageWorld(app, { studentNames: ['Ann of A'] }), {
    app: { start: NOW },
  });
  let adminT: TestUser;
  let studentT: TestUser;
  let lectureGuest: TestUser;
  let byLink: TestUser;
  const names = async (admin: TestUser) => {
    const res = await getAs(t, admin, `/api/admin/logs/video/${w.videoId}/student-activity`);
    expect(res.statusCode).toBe(200);
    return res.json<UsageEntry[]>().map((e) => e.name);
  };
  const csvNames = async (admin: TestUser) => {
    const res = await getAs(t, admin, `/api/admin/logs/video/${w.videoId}/student-activity.csv`);
    expect(res.statusCode).toBe(200);
    return parseCsv(res.body.slice(1)) // after the byte-order mark
      .slice(1)
      .map((row) => row[0]);
  };

  beforeAll(async () => {
    adminT = await createUser(t.app, { name: 'Tina AdminT' });
    studentT = await createUser(t.app, { name: 'Toby of T' });
    lectureGuest = await createUser(t.app, { name: 'Lena joined the lecture' });
    byLink = await createUser(t.app, { name: 'Walter by link' });
    const courseT = await seedCourse(t.db, adminT.id, { name: 'Course T' });
    await seedCourseMember(t.db, courseT.id, studentT.id);
    const lectureT = await seedLecture(t.db, courseT.id, NOW, {
      lectureDateAvailable: new Date(NOW.getTime() - 3_600_000),
    });
    await t.db.insert(lectureVideos).values({ lectureId: lectureT.id, videoId: w.videoId, position: 0 });
    await seedLectureMember(t.db, w.lectureId, lectureGuest.id);
    for (const viewer of [w.students[0]!, studentT, lectureGuest, byLink]) {
      await logAs(t, viewer, { action: 'videoPlayLecture', videoID: w.videoId, videoTime: 0 });
    }
  });

  it('lists for each course’s admins only that course’s students and lecture members', async () => {
    expect(await names(w.admin)).toEqual(['Ann of A', 'Lena joined the lecture']);
    expect(await names(adminT)).toEqual(['Toby of T']);
  });

  it('exports the same people in the CSV', async () => {
    expect(await csvNames(w.admin)).toEqual(['Ann of A', 'Lena joined the lecture']);
    expect(await csvNames(adminT)).toEqual(['Toby of T']);
  });
});
