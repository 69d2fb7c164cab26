import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { usersAudience } from './domain-event';
import { NOTICE_MAX_BYTES, type Notice, NoticeTooLargeError, decodeNotice, encodeNotice } from './notices';

const signal = (data: string): Notice => ({
  kind: 'event',
  payload: { type: 'room.signal', questionId: 'Q', signal: { from: 'A', to: 'B', kind: 'offer', data } },
  audience: usersAudience(['U']),
});

describe('notices on the wire', () => {
  it('sends a small notice as JSON and a large one deflated, both read back whole', () => {
    const ended: Notice = { kind: 'sessions.ended', userId: 'U', sessionId: 'S' };
    expect(encodeNotice(ended)).toBe(JSON.stringify(ended));
    const changed: Notice = { kind: 'user.changed', userId: 'U' };
    expect(decodeNotice(encodeNotice(changed))).toEqual(changed);
    const offer = signal(JSON.stringify({ sdp: 'a=rtpmap:96 VP8/90000\r\n'.repeat(600) }));
    const text = encodeNotice(offer);
    expect(text.startsWith('z:')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(NOTICE_MAX_BYTES);
    expect(JSON.stringify(offer).length).toBeGreaterThan(NOTICE_MAX_BYTES);
    expect(decodeNotice(text)).toEqual(offer);
  });

  it('refuses a notice that cannot fit in one NOTIFY, and ignores what it cannot read', () => {
    expect(() => encodeNotice(signal(randomBytes(8000).toString('base64')))).toThrow(NoticeTooLargeError);
    for (const junk of ['', 'z:!!', '{"kind":"other"}', 'null']) expect(decodeNotice(junk)).toBeNull();
  });
});
