import type { ErrorBody } from '@lectern/shared';
import { readSession } from './session-storage';

/** A failed API call: the server's `error` text, its code and the HTTP status (DESIGN §6). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Outlives the page (a leave sent as the tab closes). */
  keepalive?: boolean;
}

/** Authorization header for the stored session, if any (also used by uploads). */
export function authHeaders(): Record<string, string> {
  const token = readSession()?.token;
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Every call to the API goes through here: it adds the bearer token and turns error bodies into ApiError. */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders() };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      keepalive: request.keepalive,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'The server could not be reached. Check your connection.', 'NETWORK');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = data as Partial<ErrorBody> | undefined;
    throw new ApiError(response.status, body?.error ?? response.statusText, body?.code ?? 'UNKNOWN');
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The server's message for a failed call, or a fallback text. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback;
