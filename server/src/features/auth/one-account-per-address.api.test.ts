import { randomUUID } from 'node:crypto';
import { ACCOUNT_SECURITY } from '@lectern/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { call, expectStatus } from '../../../test/calls';
import { type TestUser, createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';

// Issue 20 (High): an address belongs to exactly one account, verified or not, and whoever reads its mail
// wins. Before, a second signup with an unverified owner's address took the owner's logins and resets.

describe('one account per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signup = (email: string, password = 'another long secret') =>
    t.app.inject({ method: 'POST', url: '/api/signup/', payload: { name: 'Mallory', email, password } });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  const accountsOf = async (email: string) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row!.n;
  };
  const resetLink = (email: string) =>
    vi.waitFor(
      async () => {
        await t.settle();
        const mail = t.mailer.sent.findLast((m) => m.to === email && /reset-password\//.test(m.text));
        expect(mail).toBeDefined();
        return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      },
      { timeout: 15_000 },
    );
  const emailStatus = async (who: TestUser) => {
    const res = await call(t, 'GET', '/api/account/email', { as: who });
    return { status: res.statusCode, body: res.json<{ verified: boolean; pendingEmail: string | null }>() };
  };

  it("a second signup with an unverified owner's address creates nothing; the owner still logs in", async () => {
    const owner = await createUser(t.app, { verified: false });
    const again = await signup(owner.email.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ACCOUNT_SECURITY.emailInUse);
    expect(await accountsOf(owner.email)).toBe(1);
    expectStatus(await login(owner.email, owner.password), 200);
    expectStatus(await login(owner.email, 'another long secret'), 401);
  });

  it('two signups with one address at once make one account', async () => {
    const email = `${randomUUID()}@test.lectern`;
    const answers = await Promise.all([signup(email), signup(email.toUpperCase()), signup(email)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await accountsOf(email)).toBe(1);
  });

  it("a reset by the address's reader takes over an unverified account: proven, its sessions and pending change gone", async () => {
    // Someone else set the account up with the owner's address, and keeps a session and a pending change.
    const squatter = await createUser(t.app, { verified: false, password: 'squatter password' });
    const elsewhere = `${randomUUID()}@test.lectern`;
    await t.db.update(users).set({ pendingEmail: elsewhere }).where(eq(users.id, squatter.id));

    expectStatus(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: squatter.email },
      }),
      200,
    );
    const token = await resetLink(squatter.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'the real owner is back' },
    });
    expectStatus(reset, 200);

    expect((await emailStatus(squatter)).status).toBe(401); // the squatter's session ended
    expectStatus(await login(squatter.email, 'squatter password'), 401);
    const owner = await login(squatter.email, 'the real owner is back');
    expectStatus(owner, 200);
    const asOwner = { ...squatter, auth: { authorization: `Bearer ${owner.json().token}` } };
    expect((await emailStatus(asOwner)).body).toEqual({
      email: squatter.email,
      verified: true,
      pendingEmail: null,
    });
  });

  it("changing to an address an unverified account holds answers like any change and leaves it that account's", async () => {
    const holder = await createUser(t.app, { verified: false });
    const mover = await createUser(t.app, { verified: false });
    const free = await call(t, 'PUT', '/api/login/updatePassword', {
      as: mover,
      payload: { userId: mover.id, email: `${randomUUID()}@test.lectern`, oldPassword: mover.password },
    });
    await t.settle();
    const mailed = t.mailer.sent.length;
    const taken = await call(t, 'PUT', '/api/login/updatePassword', {
      as: mover,
      payload: { userId: mover.id, email: holder.email.toUpperCase(), oldPassword: mover.password },
    });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body).toBe(free.body);
    await t.settle();
    expect(t.mailer.sent.slice(mailed).filter((m) => m.to.toLowerCase() === holder.email)).toEqual([]);
    expect(await accountsOf(holder.email)).toBe(1);
    expectStatus(await login(holder.email, holder.password), 200);
  });
});
