import { createHmac, timingSafeEqual } from 'node:crypto';

// The recording-ready callback's `signed_parameters` (BBB §2): a JWT signed HS256 with the shared
// secret, payload { meeting_id, record_id } (and `exp` when the server sets one). Only HS256 is
// accepted: a token naming another algorithm, `none` included, is refused.

export type JwtResult =
  | { ok: true; payload: Record<string, unknown> }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(payload));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** Verifies signature first, then expiry (`exp`, seconds since the epoch) against `nowMs`. */
export function verifyHs256(token: string, secret: string, nowMs: number): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [head, body, signature] = parts as [string, string, string];
  const header = parseJson(head);
  const payload = parseJson(body);
  if (!header || !payload || header.alg !== 'HS256') return { ok: false, reason: 'malformed' };
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'signature' };
  if (payload.exp !== undefined && (typeof payload.exp !== 'number' || payload.exp * 1000 <= nowMs))
    return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
