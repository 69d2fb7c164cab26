import type { QuestionDto } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { askedBy, ownQuestionState, splitOwnQuestions } from './own-questions';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-24T12:00:00Z');

const question = (over: Partial<QuestionDto>): QuestionDto => ({
  id: 'q',
  _id: 'q',
  question: 'Why is the sky blue at noon?',
  topic: '',
  level: 1,
  timeAsked: 42,
  timePosted: '2026-11-01T10:00:00Z',
  status: null,
  response: '',
  answeredAt: null,
  ratings: 0,
  userVotes: {},
  lectureID: 'l',
  lectureName: 'Lecture',
  videoId: 'v',
  videoTitle: 'Video',
  courseId: 'c',
  courseName: 'Course',
  lectureVideoSource: '',
  live: false,
  hidden: false,
  ...over,
});

describe('own questions', () => {
  it('reads the state: an answer wins over a stale status', () => {
    expect(ownQuestionState(question({}))).toBe('waiting');
    expect(ownQuestionState(question({ status: 'live' }))).toBe('live');
    expect(ownQuestionState(question({ status: 'processing' }))).toBe('processing');
    expect(ownQuestionState(question({ status: 'processing', response: 'r' }))).toBe('answered');
  });

  it('keeps only the caller’s questions', () => {
    const mine = question({ id: 'a', whoAsked: { id: 'me', name: 'Me', anonymous: false } });
    const theirs = question({ id: 'b', response: 'r' });
    expect(askedBy([mine, theirs], 'me')).toEqual([mine]);
  });

  it('splits into every waiting question and those answered recently', () => {
    const waiting = question({ id: 'w', timePosted: '2025-01-01T00:00:00Z' });
    const recent = question({ id: 'r', response: 'x', answeredAt: new Date(NOW - 2 * DAY).toISOString() });
    const old = question({ id: 'o', response: 'y', answeredAt: new Date(NOW - 9 * DAY).toISOString() });
    expect(splitOwnQuestions([waiting, recent, old], NOW, 7 * DAY)).toEqual({
      waiting: [waiting],
      answered: [recent],
    });
  });
});
