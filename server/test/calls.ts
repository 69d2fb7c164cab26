import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from './factories';
import type { TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  as?: TestUser | null;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** One API call as a user (or anonymous). */
export function call(t: TestApp, method: Method, url: string, options: CallOptions = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...(options.as ? options.as.auth : {}), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

export type Caller = ReturnType<typeof caller>;

/** call() bound to one app, user first (anonymous with null): the short form of the courses tests. */
export function caller(t: TestApp) {
  return (who: TestUser | null, method: Method, url: string, payload?: object) =>
    call(t, method, url, { as: who, payload });
}

/** The status, with the body in the failure message. */
export function expectStatus(res: LightMyRequestResponse, status: number): void {
  expect(res.statusCode, res.body).toBe(status);
}
