import { randomUUID } from 'node:crypto';
import { PROGRESS_NEEDS_SPAN } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageEvents } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';

describe('POST /api/logging/log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const log = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/logging/log', payload, headers });
  const eventsWithPage = async (pageUrl: string) => {
    return t.db
      .select({ userId: usageEvents.userId, action: usageEvents.action, videoTime: usageEvents.videoTime })
      .from(usageEvents)
      .where(eq(usageEvents.pageUrl, pageUrl));
  };

  it('stores the token’s user, never the userID of the body (SECURITY AC-4)', async () => {
    const [caller, victim] = [await createUser(t.app), await createUser(t.app)];
    const pageURL = `/settings#${randomUUID()}`;
    const res = await log(
      { action: 'updatePassword', userID: victim.id, videoTime: 0, pageURL },
      caller.auth,
    );
    expect(res.statusCode).toBe(201);
    expect(await eventsWithPage(pageURL)).toEqual([
      { userId: caller.id, action: 'updatePassword', videoTime: 0 },
    ]);
  });

  it('accepts anonymous viewers and stores no user', async () => {
    const victim = await createUser(t.app);
    const pageURL = `/video/x#${randomUUID()}`;
    const res = await log({ action: 'videoCloseResponse', userID: victim.id, videoTime: 12.5, pageURL });
    expect(res.statusCode).toBe(201);
    expect(await eventsWithPage(pageURL)).toEqual([
      { userId: null, action: 'videoCloseResponse', videoTime: 12.5 },
    ]);
  });

  it('answers 401 for an invalid token rather than logging it as anonymous', async () => {
    const pageURL = `/x#${randomUUID()}`;
    const res = await log(
      { action: 'videoPlayLecture', pageURL },
      { authorization: `Bearer ${'y'.repeat(43)}` },
    );
    expect(res.statusCode).toBe(401);
    expect(await eventsWithPage(pageURL)).toEqual([]);
  });

  it('refuses an unknown action, a malformed id and an unknown field with 400', async () => {
    const pageURL = `/x#${randomUUID()}`;
    expect((await log({ action: 'deleteEverything', pageURL })).statusCode).toBe(400);
    expect((await log({ action: 'videoPlayLecture', videoID: "' OR 1=1--", pageURL })).statusCode).toBe(400);
    expect((await log({ action: 'videoPlayLecture', admin: true, pageURL })).statusCode).toBe(400);
    expect(await eventsWithPage(pageURL)).toEqual([]);
  });

  it('refuses a progress report without a stretch, and a stretch on any other action, with 400', async () => {
    const pageURL = `/x#${randomUUID()}`;
    for (const body of [
      { action: 'videoProgressLecture', videoTime: 10 },
      { action: 'videoProgressLecture', fromTime: 10, videoTime: 10 },
      { action: 'videoProgressLecture', fromTime: 12, videoTime: 10 },
      { action: 'videoPauseLecture', fromTime: 0, videoTime: 10 },
    ]) {
      const res = await log({ ...body, pageURL });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toContain(PROGRESS_NEEDS_SPAN);
    }
    expect(await eventsWithPage(pageURL)).toEqual([]);
  });

  it('refuses a body over 4 KB with 413', async () => {
    const pageURL = `/x#${randomUUID()}${'a'.repeat(4200)}`;
    const res = await log({ action: 'videoPlayLecture', pageURL });
    expect(res.statusCode).toBe(413);
  });
});
