import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoginAnswer } from '@lectern/shared';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';

// Test data is made through the API, as a user would (DESIGN §9).

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
  /** Headers that authenticate as this user. */
  auth: { authorization: string };
}

export async function createUser(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string; verified: boolean }> = {},
): Promise<TestUser> {
  const name = overrides.name ?? `User ${randomUUID().slice(0, 8)}`;
  const email = overrides.email ?? `${randomUUID()}@test.lectern`;
  const password = overrides.password ?? 'correct horse battery';
  const res = await app.inject({ method: 'POST', url: '/api/signup/', payload: { name, email, password } });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const answer = res.json<LoginAnswer>();
  // Most tests need a user whose address counts (mails, invitations); proving it by link has its own tests.
  if (overrides.verified ?? true) {
    await app.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, answer.id));
  }
  return {
    id: answer.id,
    name,
    email,
    password,
    token: answer.token,
    auth: { authorization: `Bearer ${answer.token}` },
  };
}
