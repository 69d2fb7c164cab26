import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signHs256, verifyHs256 } from './jwt';

const SECRET = 'bbb-shared-secret';
const NOW = Date.UTC(2026, 10, 23, 12);
const payload = { meeting_id: 'lectern-q1', record_id: 'r1-1700000000000' };

describe('recording-ready JWT (HS256)', () => {
  it('accepts a token signed with the secret, with or without a future exp', () => {
    expect(verifyHs256(signHs256(payload, SECRET), SECRET, NOW)).toEqual({ ok: true, payload });
    const withExp = { ...payload, exp: NOW / 1000 + 60 };
    expect(verifyHs256(signHs256(withExp, SECRET), SECRET, NOW)).toEqual({ ok: true, payload: withExp });
  });

  it('refuses another secret, a changed payload and a changed signature', () => {
    expect(verifyHs256(signHs256(payload, 'other'), SECRET, NOW)).toEqual({ ok: false, reason: 'signature' });
    const [head, , signature] = signHs256(payload, SECRET).split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, record_id: 'r2' })).toString('base64url');
    expect(verifyHs256(`${head}.${forged}.${signature}`, SECRET, NOW).ok).toBe(false);
    expect(verifyHs256(`${head}.${forged}.`, SECRET, NOW).ok).toBe(false);
  });

  it('refuses an expired token', () => {
    const token = signHs256({ ...payload, exp: NOW / 1000 - 1 }, SECRET);
    expect(verifyHs256(token, SECRET, NOW)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses alg none, another algorithm and garbage', () => {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(verifyHs256(`${none}.${body}.`, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    const hs512 = Buffer.from(JSON.stringify({ alg: 'HS512' })).toString('base64url');
    const sig = createHmac('sha512', SECRET).update(`${hs512}.${body}`).digest('base64url');
    expect(verifyHs256(`${hs512}.${body}.${sig}`, SECRET, NOW).ok).toBe(false);
    expect(verifyHs256('not-a-jwt', SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });
});
