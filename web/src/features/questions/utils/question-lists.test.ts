import type { QuestionDto } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import {
  byPlaceInLecture,
  byUrgency,
  filterByText,
  groupNeedingResponseByCourse,
  nextToAnswer,
} from './question-lists';

const q = (over: Partial<QuestionDto>): QuestionDto => ({
  id: 'q',
  _id: 'q',
  question: 'What is a monad exactly?',
  topic: '',
  level: 1,
  timeAsked: 0,
  timePosted: '2026-03-01T09:00:00.000Z',
  status: null,
  response: '',
  answeredAt: null,
  ratings: 0,
  userVotes: {},
  lectureID: 'l',
  lectureName: 'L',
  videoId: 'v',
  videoTitle: 'V',
  courseId: 'c',
  courseName: 'C',
  lectureVideoSource: '',
  live: false,
  hidden: false,
  ...over,
});

describe('byUrgency', () => {
  it('puts live questions first, then the earliest posted', () => {
    const early = q({ id: 'early', timePosted: '2026-03-01T08:00:00Z' });
    const late = q({ id: 'late', timePosted: '2026-03-01T10:00:00Z' });
    const live = q({ id: 'live', status: 'live', timePosted: '2026-03-01T11:00:00Z' });
    expect([late, live, early].sort(byUrgency).map((x) => x.id)).toEqual(['live', 'early', 'late']);
  });
});

describe('groupNeedingResponseByCourse', () => {
  it('groups unanswered questions by course and leaves answered ones out', () => {
    const groups = groupNeedingResponseByCourse([
      q({ id: '1', courseId: 'b', courseName: 'Biology' }),
      q({ id: '2', courseId: 'a', courseName: 'algebra' }),
      q({ id: '3', courseId: 'b', courseName: 'Biology', response: 'r1' }),
      q({ id: '4', courseId: 'b', courseName: 'Biology', status: 'processing' }),
    ]);
    expect(groups.map((g) => [g.courseName, g.questions.map((x) => x.id)])).toEqual([
      ['algebra', ['2']],
      ['Biology', ['1', '4']],
    ]);
  });
});

describe('filterByText', () => {
  it('matches a case-insensitive substring of the question', () => {
    const list = [
      q({ id: '1', question: 'Why is the SKY blue?' }),
      q({ id: '2', question: 'What is entropy?' }),
    ];
    expect(filterByText(list, 'sky').map((x) => x.id)).toEqual(['1']);
    expect(filterByText(list, '  ').map((x) => x.id)).toEqual(['1', '2']);
    expect(filterByText(list, 'nothing')).toEqual([]);
  });
});

describe('byPlaceInLecture', () => {
  it('orders by playlist position, then time asked, unknown videos last', () => {
    const list = [
      q({ id: 'b-early', videoId: 'b', timeAsked: 3 }),
      q({ id: 'x', videoId: 'gone', timeAsked: 0 }),
      q({ id: 'a-late', videoId: 'a', timeAsked: 50 }),
      q({ id: 'a-early', videoId: 'a', timeAsked: 5 }),
    ];
    expect(list.sort(byPlaceInLecture(['a', 'b'])).map((x) => x.id)).toEqual([
      'a-early',
      'a-late',
      'b-early',
      'x',
    ]);
  });
});

describe('nextToAnswer', () => {
  it('is the first question Action Items lists, other than the one just answered', () => {
    const answered = q({ id: 'done', courseName: 'Algebra', timePosted: '2026-03-01T07:00:00Z' });
    const laterSameCourse = q({ id: 'later', courseName: 'Algebra', timePosted: '2026-03-01T09:00:00Z' });
    const otherCourse = q({ id: 'other', courseId: 'b', courseName: 'Biology' });
    expect(nextToAnswer([otherCourse, answered, laterSameCourse], 'done')?.id).toBe('later');
    expect(nextToAnswer([answered], 'done')).toBeUndefined();
  });
});
