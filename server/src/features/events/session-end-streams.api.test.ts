import { SESSION_IDLE_MS } from '@lectern/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectStatus } from '../../../test/calls';
import { type EventStreamClient, openEventStream } from '../../../test/event-stream-client';
import { type TestUser, createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import type { Notice } from '../../events/notices';

// A session that ends ends its event streams at once (issue 22), whatever ended it: a password change
// (the other sessions), a password reset (all of them) or its expiry. Logging out is tested in
// events.api.test.ts, and across two instances in notices-instances.api.test.ts.

describe('event streams of a session that ends', () => {
  let t: TestApp;
  let base: string;
  const open: EventStreamClient[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => open.splice(0).forEach((c) => c.close()));
  afterAll(() => t.close());

  const stream = async (token: string) => {
    const client = await openEventStream(base, { token });
    expect(client.status).toBe(200);
    open.push(client);
    return client;
  };
  const login = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expectStatus(res, 200);
    return res.json<{ token: string }>().token;
  };
  /**
   * Well before the streams' 30 s backstop refresh, which would end them anyway (a ceiling for a busy
   * machine: the expiry check runs every second, and a revocation's notice is heard at its commit).
   */
  const endsAtOnce = (client: EventStreamClient) =>
    expect(
      Promise.race([
        client.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(resolve, 10_000, 'still open')),
      ]),
    ).resolves.toBe('ended');
  /** The sessions.ended notices every instance hears from now on. */
  const heardEnded = () => {
    const heard: Notice[] = [];
    unsubscribe.push(t.app.deps.notices.subscribe((n) => n.kind === 'sessions.ended' && heard.push(n)));
    return heard;
  };
  const unsubscribe: (() => void)[] = [];
  afterEach(() => unsubscribe.splice(0).forEach((stop) => stop()));

  // The server closes every stream a notice names in one pass: once one has ended, the count is final.
  beforeEach(async () => {
    await expect.poll(() => t.app.eventStreams.size).toBe(0);
  });

  it("ends the other sessions' streams when the password changes, and keeps the one that changed it", async () => {
    const user = await createUser(t.app, { name: 'Changing Chris' });
    const other = await stream(await login(user));
    await stream(user.token); // the session that changed it
    const heard = heardEnded();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/login/updatePassword',
      headers: user.auth,
      payload: { userId: user.id, oldPassword: user.password, newPassword: 'a brand new passphrase' },
    });
    expectStatus(res, 200);
    await endsAtOnce(other);
    expect(heard).toEqual([
      expect.objectContaining({ userId: user.id, exceptSessionId: expect.any(String) }),
    ]);
    expect(t.app.eventStreams.size).toBe(1);
  });

  it('ends every stream of the user when the password is reset', async () => {
    const user = await createUser(t.app, { name: 'Resetting Rita' });
    const bystander = await createUser(t.app, { name: 'Bystanding Bob' });
    const streams = [await stream(user.token), await stream(await login(user))];
    await stream(bystander.token);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expectStatus(forgot, 200);
    const mail = await vi.waitFor(
      () => {
        const found = t.mailer.sent.find((m) => m.to === user.email && /reset-password/.test(m.text));
        if (!found) throw new Error('no reset mail yet');
        return found;
      },
      { timeout: 30_000 },
    );
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const heard = heardEnded();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'the reset passphrase' },
    });
    expectStatus(reset, 200);
    await Promise.all(streams.map(endsAtOnce));
    expect(heard).toEqual([{ kind: 'sessions.ended', userId: user.id }]);
    expect(t.app.eventStreams.size).toBe(1); // the bystander's
  });

  it('ends the stream of a session that expires, within seconds of its expiry', async () => {
    const user = await createUser(t.app, { name: 'Idle Ida' });
    const client = await stream(user.token);
    expect(t.app.eventStreams.size).toBe(1);
    t.clock.advance(SESSION_IDLE_MS + 60_000);
    await endsAtOnce(client); // the streams check known expiries every second
    expect((await t.app.inject({ method: 'GET', url: '/api/login', headers: user.auth })).statusCode).toBe(
      401,
    );
  });
});
