import { randomUUID } from 'node:crypto';
import { CSV_COLUMNS } from '@lectern/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { seedCourseAdmin } from '../../../test/seed';
import { appFixture } from '../../../test/fixture';
import { parseCsv } from './csv-test-parser';
import { getAs, logAs, seedUsageWorld } from './usage.test-support';

const NOW = new Date('2026-03-02T12:00:00.000Z');
// Names a spreadsheet would run as formulas, and names that need RFC 4180 quoting (SECURITY VAL-5).
const NAMES = [
  '=HYPERLINK("http://x","y")',
  '@SUM(1)',
  '+1 caller',
  '-2 caller',
  'Smith, John',
  'Quote "Q" Jones',
  'Line\nBreak',
  'Zoë Ñandú',
];

describe('GET /api/admin/logs/video/:id/student-activity.csv', () => {
  const { t, w } = appFixture((app) => seedUsageWorld(app, { studentNames: NAMES }), { app: { start: NOW } });
  const url = () => `/api/admin/logs/video/${w.videoId}/student-activity.csv`;

  beforeAll(async () => {
    for (const [i, student] of w.students.entries()) {
      t.clock.set(new Date(NOW.getTime() - (i + 1) * 60_000));
      await logAs(t, student, { action: 'videoPlayLecture', videoID: w.videoId, videoTime: 0 });
    }
    t.clock.set(NOW);
  });

  it('is a server-built attachment named after the video', async () => {
    const res = await getAs(t, w.admin, url());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="usage-${w.videoId}.csv"`);
  });

  it('survives a round trip: quoted fields, CRLF records, formulas neutralised, ISO times', async () => {
    const body = (await getAs(t, w.admin, url())).body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(body.slice(1));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect([...byName.keys()].sort()).toEqual(
      [
        `'=HYPERLINK("http://x","y")`,
        `'@SUM(1)`,
        `'+1 caller`,
        `'-2 caller`,
        'Smith, John',
        'Quote "Q" Jones',
        'Line\nBreak',
        'Zoë Ñandú',
      ].sort(),
    );
    // The third student (index 2) played 3 minutes before NOW, once.
    const plus = byName.get(`'+1 caller`)!;
    const played = new Date(NOW.getTime() - 3 * 60_000).toISOString();
    expect(plus).toEqual([`'+1 caller`, played, played]);
    expect(body).toContain('"Quote ""Q"" Jones"');
    expect(body).toContain('\r\n');
  });

  it('lists the students in the same order as the JSON report', async () => {
    const json = (await getAs(t, w.admin, `/api/admin/logs/video/${w.videoId}/student-activity`)).json<
      { name: string }[]
    >();
    const csvNames = parseCsv((await getAs(t, w.admin, url())).body.slice(1))
      .slice(1)
      .map((r) => r[0]!.replace(/^'/, ''));
    expect(csvNames).toEqual(json.map((e) => e.name));
  });

  it('refuses anonymous callers (401), students and other courses’ admins (403), unknown videos (404)', async () => {
    expect((await getAs(t, null, url())).statusCode).toBe(401);
    expect((await getAs(t, w.students[0]!, url())).statusCode).toBe(403);
    expect((await getAs(t, w.outsiderAdmin, url())).statusCode).toBe(403);
    const unknown = `/api/admin/logs/video/${randomUUID()}/student-activity.csv`;
    expect((await getAs(t, w.admin, unknown)).statusCode).toBe(404);
  });

  it('allows 10 exports a minute per user, then answers 429 (SECURITY RL-4)', async () => {
    const coAdmin = await createUser(t.app);
    await seedCourseAdmin(t.db, w.courseId, coAdmin.id);
    for (let i = 0; i < 10; i += 1) expect((await getAs(t, coAdmin, url())).statusCode).toBe(200);
    expect((await getAs(t, coAdmin, url())).statusCode).toBe(429);
    // Another user keeps their own allowance.
    expect((await getAs(t, w.admin, url())).statusCode).toBe(200);
  });
});
