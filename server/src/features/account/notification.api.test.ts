import { SUCCESS } from '@lectern/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';

describe('notification preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const read = (user: TestUser | null, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/notification', headers: user?.auth ?? {}, payload });
  const write = (user: TestUser | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notification/update-notification',
      headers: user?.auth ?? {},
      payload,
    });
  const prefs = async (user: TestUser) => (await read(user, { userId: user.id })).json();

  describe('POST /api/notification', () => {
    it('answers 401 without a token', async () => {
      const user = await createUser(t.app);
      expect((await read(null, { userId: user.id })).statusCode).toBe(401);
    });

    it('refuses a missing or malformed userId with 400', async () => {
      const user = await createUser(t.app);
      expect((await read(user, {})).statusCode).toBe(400);
      expect((await read(user, { userId: 'abc' })).statusCode).toBe(400);
    });

    it('answers 403 for another user', async () => {
      const [caller, other] = [await createUser(t.app), await createUser(t.app)];
      expect((await read(caller, { userId: other.id })).statusCode).toBe(403);
    });

    it('answers both preferences, on by default (SPEC §9)', async () => {
      const user = await createUser(t.app);
      const res = await read(user, { userId: user.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        receiveEmailsSubmittingQuestion: true,
        receiveEmailsAnsweredQuestion: true,
      });
    });
  });

  describe('POST /api/notification/update-notification', () => {
    it('answers 401 without a token', async () => {
      const user = await createUser(t.app);
      const res = await write(null, { userId: user.id, receiveEmailsAnsweredQuestion: false });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a non-boolean value with 400 and changes nothing', async () => {
      const user = await createUser(t.app);
      const res = await write(user, { userId: user.id, receiveEmailsAnsweredQuestion: 'no' });
      expect(res.statusCode).toBe(400);
      expect((await prefs(user)).receiveEmailsAnsweredQuestion).toBe(true);
    });

    it('answers 403 for another user and leaves their preferences alone', async () => {
      const [caller, other] = [await createUser(t.app), await createUser(t.app)];
      const res = await write(caller, { userId: other.id, receiveEmailsSubmittingQuestion: false });
      expect(res.statusCode).toBe(403);
      expect(await prefs(other)).toEqual({
        receiveEmailsSubmittingQuestion: true,
        receiveEmailsAnsweredQuestion: true,
      });
    });

    it('updates only the field that was sent', async () => {
      const user = await createUser(t.app);
      const res = await write(user, { userId: user.id, receiveEmailsAnsweredQuestion: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SUCCESS.notificationsUpdated });
      expect(await prefs(user)).toEqual({
        receiveEmailsSubmittingQuestion: true,
        receiveEmailsAnsweredQuestion: false,
      });
    });
  });
});
