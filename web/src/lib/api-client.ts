import { type ErrorBody, QUESTION_PAGE } from '@lectern/shared';
import { takeEarlyRead } from './early-reads';
import { noteReadPosition } from './events/read-position';
import { readSession } from './session-storage';

/** A failed API call: the server's `error` text, its code and the HTTP status (DESIGN §6). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    /** The whole error body, for answers that carry more (a login challenge). */
    readonly body?: unknown,
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
  /** Sent as Idempotency-Key: the server answers a repeat with the first answer instead of writing twice. */
  idempotencyKey?: string;
}

/**
 * A fresh Idempotency-Key. Not crypto.randomUUID(), which exists only on HTTPS and localhost: Lectern may
 * well be served over plain HTTP inside a campus network.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** Authorization header for the stored session, if any (also used by uploads). */
export function authHeaders(): Record<string, string> {
  const token = readSession()?.token;
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function send(
  path: string,
  request: ApiRequest,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(), ...extra };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  // A plain read the page started before the bundle ran (early-reads.ts) is answered by that request.
  const plainRead = request.method === undefined && request.body === undefined && !Object.keys(extra).length;
  const early = plainRead ? takeEarlyRead(path) : undefined;
  try {
    const response = await (early ??
      fetch(path, {
        method: request.method ?? 'GET',
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: request.signal,
        keepalive: request.keepalive,
      }));
    noteReadPosition(response);
    return response;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'The server could not be reached. Check your connection.', 'NETWORK');
  }
}

async function read<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = data as Partial<ErrorBody> | undefined;
    throw new ApiError(response.status, body?.error ?? response.statusText, body?.code ?? 'UNKNOWN', body);
  }
  return data as T;
}

/** Every call to the API goes through here: it adds the bearer token and turns error bodies into ApiError. */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return read<T>(await send(path, request));
}

/** One page of a bounded list (issue 14): its items, and the next page's cursor from the next-cursor header. */
export interface ListPage<T> {
  items: T[];
  next: string | null;
}

export async function apiPage<T>(path: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const response = await send(path, { signal });
  const items = (await read<T[] | undefined>(response)) ?? [];
  return { items, next: response.headers.get(QUESTION_PAGE.nextCursorHeader) };
}

// The last answer of each revalidated path, with its ETag and the token it was read with. In memory only:
// the browser stores no authenticated answer (Cache-Control: no-store, DESIGN §5.10).
const revalidated = new Map<string, { etag: string; token: string | undefined; data: unknown }>();
const MAX_REVALIDATED = 20;

/**
 * A GET polled while mostly unchanged (the 7 s lecture questions, issue 14): sends back the ETag of the
 * answer it holds, and a 304 (no body, nothing read on the server) returns that answer again, the very
 * same object, so nothing re-renders.
 */
export async function apiRevalidated<T>(path: string): Promise<T> {
  const token = readSession()?.token;
  const kept = revalidated.get(path);
  const held = kept && kept.token === token ? kept : undefined;
  const response = await send(path, {}, held ? { 'if-none-match': held.etag } : {});
  if (response.status === 304 && held) return held.data as T;
  const data = await read<T>(response);
  const etag = response.headers.get('etag');
  revalidated.delete(path);
  if (etag) {
    if (revalidated.size >= MAX_REVALIDATED) revalidated.delete(revalidated.keys().next().value!);
    revalidated.set(path, { etag, token, data });
  }
  return data;
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
