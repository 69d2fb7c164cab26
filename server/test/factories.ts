import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoginAnswer } from '@lectern/shared';

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
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const name = overrides.name ?? `User ${randomUUID().slice(0, 8)}`;
  const email = overrides.email ?? `${randomUUID()}@test.lectern`;
  const password = overrides.password ?? 'correct horse battery';
  const res = await app.inject({ method: 'POST', url: '/api/signup/', payload: { name, email, password } });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const answer = res.json<LoginAnswer>();
  return {
    id: answer.id,
    name,
    email,
    password,
    token: answer.token,
    auth: { authorization: `Bearer ${answer.token}` },
  };
}
