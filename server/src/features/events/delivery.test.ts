import { describe, expect, it } from 'vitest';
import {
  type Audience,
  type EventPayload,
  type StoredEvent,
  audienceOfLectures,
  courseAudience,
  usersAudience,
} from '../../events/domain-event';
import { type ReaderScope, deliverableTo } from './delivery';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const released = { id: 'L1', courseId: 'C1', lectureDateAvailable: new Date(NOW - 1000) };
const unreleased = { id: 'L2', courseId: 'C1', lectureDateAvailable: new Date(NOW + 1000) };
const otherCourse = { id: 'L3', courseId: 'C2', lectureDateAvailable: new Date(NOW - 1000) };

const reader = (over: Partial<ReaderScope>): ReaderScope => ({
  userId: 'someone',
  administered: new Set(),
  joined: new Set(),
  joinedLectures: new Set(),
  videoId: null,
  ...over,
});
const admin = reader({ userId: 'admin', administered: new Set(['C1']) });
const asker = reader({ userId: 'asker', joined: new Set(['C1']) });
const classmate = reader({ userId: 'classmate', joined: new Set(['C1']) });
const lectureOnly = reader({ userId: 'guest', joinedLectures: new Set(['L1']) });
const outsider = reader({ userId: 'outsider', joined: new Set(['C2']) });
const anonymousOnVideo = reader({ userId: null, videoId: 'V1' });
const anonymousElsewhere = reader({ userId: null, videoId: 'V9' });

const ofQuestion = { videoId: 'V1', questionId: 'Q1' };
const payloads = {
  'question.asked': { type: 'question.asked', ...ofQuestion, status: null },
  'question.answered': { type: 'question.answered', ...ofQuestion, responseId: 'R1' },
  'vote.changed': { type: 'vote.changed', ...ofQuestion },
} satisfies Record<string, EventPayload>;
const event = (type: keyof typeof payloads, audience: Audience): StoredEvent => ({
  id: 42,
  payload: payloads[type],
  audience,
});
const receives = (e: StoredEvent, r: ReaderScope) => deliverableTo(e, r, NOW) !== null;

describe('deliverableTo', () => {
  it('sends an unanswered question to the course admins and its asker only', () => {
    const asked = event('question.asked', audienceOfLectures('admins', [released], 'asker'));
    expect(receives(asked, admin)).toBe(true);
    expect(deliverableTo(asked, asker, NOW)).toMatchObject({ id: '42', own: true });
    for (const r of [classmate, lectureOnly, outsider, anonymousOnVideo])
      expect(receives(asked, r)).toBe(false);
  });

  it('sends an answered question to whoever may watch the video, never naming the asker', () => {
    const answered = event('question.answered', audienceOfLectures('watchers', [released], 'asker'));
    for (const r of [admin, asker, classmate, lectureOnly, anonymousOnVideo])
      expect(receives(answered, r)).toBe(true);
    for (const r of [outsider, anonymousElsewhere]) expect(receives(answered, r)).toBe(false);
    expect(deliverableTo(answered, classmate, NOW)).not.toHaveProperty('own');
    expect(JSON.stringify(deliverableTo(answered, classmate, NOW))).not.toContain('asker');
  });

  it('sends nothing of an unreleased lecture to students, its asker included, or followers by link', () => {
    const answered = event('question.answered', audienceOfLectures('watchers', [unreleased], 'asker'));
    expect(receives(answered, admin)).toBe(true);
    for (const r of [asker, classmate, anonymousOnVideo]) expect(receives(answered, r)).toBe(false);
  });

  it('lets a video shared with another course reach that course too', () => {
    const answered = event('vote.changed', audienceOfLectures('watchers', [released, otherCourse]));
    expect(receives(answered, outsider)).toBe(true);
  });

  it('sends course events to the course members and admins only', () => {
    const changed: StoredEvent = {
      id: 7,
      payload: { type: 'course.changed', courseId: 'C1' },
      audience: courseAudience('C1'),
    };
    for (const r of [admin, classmate]) expect(receives(changed, r)).toBe(true);
    for (const r of [outsider, lectureOnly, anonymousOnVideo]) expect(receives(changed, r)).toBe(false);
  });

  it('sends a users event to the users it names only, not even to admins of the course', () => {
    const offer = { from: 'p1', to: 'p2', kind: 'offer' as const, data: '{}' };
    const signal: StoredEvent = {
      id: 9,
      payload: { type: 'room.signal', questionId: 'Q1', signal: offer },
      audience: usersAudience(['asker']),
    };
    expect(deliverableTo(signal, asker, NOW)).toEqual({
      type: 'room.signal',
      questionId: 'Q1',
      signal: offer,
      id: '9',
    });
    for (const r of [admin, classmate, outsider, anonymousOnVideo]) expect(receives(signal, r)).toBe(false);
  });
});
