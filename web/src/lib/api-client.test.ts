import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiRevalidated, newIdempotencyKey } from './api-client';

// The lecture-questions poll sends back its ETag and keeps its answer on a 304 (issue 14); writes that
// must not happen twice carry an Idempotency-Key (SECURITY FI-6). fetch and localStorage are the browser's.

const storage = new Map<string, string>();
beforeEach(() =>
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  }),
);
afterEach(() => vi.unstubAllGlobals());
const signIn = (token: string) =>
  storage.set('lectern.session', JSON.stringify({ token: token.repeat(30), userId: 'u' }));

function serve(...answers: Response[]) {
  const fetch = vi.fn(async () => answers.shift()!);
  vi.stubGlobal('fetch', fetch);
  return (call: number) =>
    new Headers((fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers);
}
const json = (body: unknown, etag: string) =>
  new Response(JSON.stringify(body), { status: 200, headers: { etag, 'content-type': 'application/json' } });

describe('apiRevalidated', () => {
  it('sends back the ETag it holds and returns the same answer on a 304', async () => {
    signIn('a');
    const headersOf = serve(
      json([{ id: 1 }], 'W/"1"'),
      new Response(null, { status: 304 }),
      json([], 'W/"2"'),
    );
    const first = await apiRevalidated<unknown[]>('/api/q/1');
    expect(headersOf(0).has('if-none-match')).toBe(false);
    expect(await apiRevalidated('/api/q/1')).toBe(first);
    expect(headersOf(1).get('if-none-match')).toBe('W/"1"');
    expect(await apiRevalidated('/api/q/1')).toEqual([]);
  });

  it('never offers one session’s answer to another', async () => {
    signIn('a');
    serve(json(['mine'], 'W/"a"'));
    await apiRevalidated('/api/q/2');
    signIn('b');
    const headersOf = serve(json(['theirs'], 'W/"b"'));
    expect(await apiRevalidated('/api/q/2')).toEqual(['theirs']);
    expect(headersOf(0).has('if-none-match')).toBe(false);
  });
});

describe('idempotency keys', () => {
  it('are 32 hex digits, a new one each time', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('travel as the Idempotency-Key header, and only when given', async () => {
    const sent: Record<string, string>[] = [];
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
      sent.push(init.headers as Record<string, string>);
      return new Response('{}', { status: 201 });
    });
    await api('/api/lectures/duplicate', { method: 'POST', body: {}, idempotencyKey: 'abc' });
    await api('/api/lectures/duplicate', { method: 'POST', body: {} });
    expect(sent.map((h) => h['idempotency-key'])).toEqual(['abc', undefined]);
  });
});

describe('reads started by early-reads.js', () => {
  it('answer the same plain read once; later reads and writes ask the server', async () => {
    const early = new Response(JSON.stringify({ id: 'early' }), { status: 200 });
    vi.stubGlobal('window', { lecternEarlyReads: new Map([['/api/upload/v1', Promise.resolve(early)]]) });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 'asked' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);

    expect(await api('/api/upload/v1', { method: 'PUT', body: {} })).toEqual({ id: 'asked' });
    expect(await api('/api/upload/v1')).toEqual({ id: 'early' });
    expect(await api('/api/upload/v1')).toEqual({ id: 'asked' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
