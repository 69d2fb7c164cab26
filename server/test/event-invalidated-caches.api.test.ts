import type { QuestionDto } from '@lectern/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionsWorldFixture } from '../src/features/questions/test/world';
import { eventsCaughtUp } from './events-caught-up';
import { createSiblingApp } from './test-app';

// Two instances on one database: what one instance caches, a change committed through the other clears
// as soon as its event arrives (DESIGN §11), not when the cache entry would have expired. On PGlite the
// two apps share the in-process notifications; on PostgreSQL they use LISTEN/NOTIFY.

describe('caches cleared by events from another instance', () => {
  const { t, w } = questionsWorldFixture();
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await createSiblingApp(t);
    await other.ready();
  });
  afterAll(() => other.close());

  it("a question asked through one instance is in the other's cached lecture list at once", async () => {
    const { adminA, studentA } = w.users;
    const list = async () =>
      (
        await other.inject({
          method: 'GET',
          url: `/api/questions/lecture-questions/${w.LA.id}`,
          headers: adminA.auth,
        })
      ).json<QuestionDto[]>();
    const before = await list(); // now cached on the other instance for a second
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: studentA.auth,
      payload: {
        question: 'Does the cache hear about this?',
        videoId: w.VA1.id,
        time: 5,
        lectureId: w.LA.id,
      },
    });
    expect(asked.statusCode).toBe(201);
    await eventsCaughtUp(other); // the notification's read, without waiting for it
    const after = await list();
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((q) => q.id)).toContain(asked.json<QuestionDto>().id);
  });

  it('a lecture hidden through one instance stops serving its media on the other at once', async () => {
    const media = () => other.inject({ method: 'HEAD', url: `/media/${w.media}.mp4` });
    expect((await media()).statusCode).toBe(200); // an answer in a released lecture; cached 5 s
    const lecture = w.LA;
    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/lectures/${lecture.id}`,
      headers: w.users.adminA.auth,
      payload: {
        title: lecture.title,
        topic: lecture.topic,
        lectureDate: lecture.lectureDate.toISOString(),
        lectureDateAvailable: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
        lectureDateStart: lecture.lectureDateStart.toISOString(),
        lectureDateEnd: lecture.lectureDateEnd.toISOString(),
      },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await eventsCaughtUp(other);
    expect((await media()).statusCode).toBe(404);
  });
});
