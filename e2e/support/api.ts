import { randomUUID } from 'node:crypto';
import type { LoginAnswer } from '@lectern/shared';
import type { Page } from 'playwright-core';
import { baseURL } from './browser';

// Test data goes in through the API, not the UI (DESIGN §9); the journey under test goes through the UI.

export interface E2eUser {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

export async function apiCall<T>(
  pathName: string,
  init: { method?: string; token?: string; body?: unknown; base?: string } = {},
) {
  const res = await fetch(`${init.base ?? baseURL()}${pathName}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathName} → ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** A new account; `base` is the server to sign up on (the test server unless named). */
export async function signupViaApi(
  overrides: Partial<Pick<E2eUser, 'name' | 'email' | 'password'>> = {},
  base?: string,
) {
  const name = overrides.name ?? `Student ${randomUUID().slice(0, 6)}`;
  const email = overrides.email ?? `${randomUUID()}@e2e.lectern`;
  const password = overrides.password ?? 'correct horse battery';
  const answer = await apiCall<LoginAnswer>('/api/signup/', {
    method: 'POST',
    body: { name, email, password },
    base,
  });
  return { id: answer.id, name, email, password, token: answer.token } satisfies E2eUser;
}

/** Logs a user in through the real login form. */
export async function loginThroughUi(page: Page, user: E2eUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}
