import { EVENT_TYPES, type StreamEvent } from '@lectern/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type QueryKey, queryKeys as k } from '../query-keys';
import { applySignal, invalidationsFor, readSignal } from './event-invalidations';

const V = 'video-1';
const OTHER_V = 'video-2';
const L = 'lecture-1';

/** A cache holding one of each read the app makes, so a test can see which an event makes stale. */
const READS = {
  managed: k.questions.managed('u1'),
  own: k.questions.own('u1'),
  video: k.questions.video(V, L),
  otherVideo: k.questions.video(OTHER_V, null),
  lectureQuestions: k.questions.lecture(L),
  courseQuestions: k.questions.course('c1'),
  question: k.questions.one('q1'),
  lecture: k.lectures.detail(L),
  playlist: k.lectures.videos(L),
  otherLecture: k.lectures.detail('lecture-2'),
  userCourses: k.courses.userCourses('u1'),
  joined: k.dashboard.joinedLectures('u1'),
  responseVideo: k.responseVideo('r1'),
  activity: k.usage.activity(L),
  config: k.config,
  room: k.meetings.room('q1'),
  otherRoom: k.meetings.room('q2'),
  autoCaptions: k.captions.automatic('video', V),
  captionTracks: k.captions.tracks('video', V),
  captionCues: k.captions.cues('video', V, 'en'),
  otherCaptions: k.captions.tracks('video', OTHER_V),
} satisfies Record<string, QueryKey>;
type Read = keyof typeof READS;

async function staleAfter(name: string, data: object): Promise<Read[]> {
  const client = new QueryClient();
  for (const key of Object.values(READS)) client.setQueryData(key, {});
  await applySignal(client, readSignal(name, JSON.stringify(data)));
  return (Object.keys(READS) as Read[]).filter((r) => client.getQueryState(READS[r])?.isInvalidated);
}

/** An event with only the fields a test names (the mapping reads what its type carries). */
const event = (type: StreamEvent['type'], extra: Record<string, unknown> = {}) =>
  ({ id: '1', type, ...extra }) as StreamEvent;

describe('readSignal', () => {
  it('reads a known event, a resync, and ignores unknown names, mismatched names and bad data', () => {
    const asked = event('question.asked', { videoId: V });
    expect(readSignal('question.asked', JSON.stringify(asked))).toEqual({ kind: 'event', event: asked });
    expect(readSignal('resync', '{}')).toEqual({ kind: 'resync' });
    expect(readSignal('meeting.started', JSON.stringify({ id: '1', type: 'meeting.started' }))).toEqual({
      kind: 'ignored',
    });
    expect(readSignal('vote.changed', JSON.stringify(asked))).toEqual({ kind: 'ignored' });
    expect(readSignal('question.asked', 'not json')).toEqual({ kind: 'ignored' });
  });
});

describe('event → stale reads', () => {
  it('a question asked refreshes the instructor lists and that video, not other videos or courses', async () => {
    expect(
      await staleAfter('question.asked', event('question.asked', { videoId: V, questionId: 'q1' })),
    ).toEqual(['managed', 'video', 'lectureQuestions']);
  });

  it('a status change (live, processing) also refreshes the question itself', async () => {
    expect(
      await staleAfter(
        'question.status',
        event('question.status', { videoId: V, questionId: 'q1', status: 'live' }),
      ),
    ).toEqual(['managed', 'own', 'video', 'lectureQuestions', 'question']);
  });

  it.each(['question.answered', 'question.edited', 'question.deleted'] as const)(
    '%s refreshes every question read and nothing else',
    async (type) => {
      expect(await staleAfter(type, event(type, { videoId: V, questionId: 'q1' }))).toEqual([
        'managed',
        'own',
        'video',
        'otherVideo',
        'lectureQuestions',
        'courseQuestions',
        'question',
      ]);
    },
  );

  it('a vote refreshes the lists that show ratings', async () => {
    expect(await staleAfter('vote.changed', event('vote.changed', { videoId: V, questionId: 'q1' }))).toEqual(
      ['video', 'lectureQuestions', 'courseQuestions', 'question'],
    );
  });

  it('processing progress refreshes nothing; ready and failed refresh the video and playlists', async () => {
    expect(
      await staleAfter('video.processing', event('video.processing', { videoId: V, progress: 40 })),
    ).toEqual([]);
    for (const type of ['video.ready', 'video.failed'] as const) {
      expect(await staleAfter(type, event(type, { videoId: V }))).toEqual([
        'video',
        'lecture',
        'playlist',
        'otherLecture',
      ]);
    }
  });

  it("automatic captions' progress refreshes their state only; a change of state the video's captions", async () => {
    const captions = (progress?: number) =>
      event('captions.automatic', {
        owner: 'video',
        ownerId: V,
        ...(progress === undefined ? {} : { progress }),
      });
    expect(await staleAfter('captions.automatic', captions(40))).toEqual(['autoCaptions']);
    expect(await staleAfter('captions.automatic', captions())).toEqual([
      'autoCaptions',
      'captionTracks',
      'captionCues',
    ]);
  });

  it('a lecture change refreshes that lecture, the course and dashboard lists and question reads', async () => {
    const stale = await staleAfter(
      'lecture.changed',
      event('lecture.changed', { lectureId: L, courseId: 'c1' }),
    );
    expect(stale).toContain('lecture');
    expect(stale).toContain('playlist');
    expect(stale).toContain('userCourses');
    expect(stale).toContain('joined');
    expect(stale).not.toContain('otherLecture');
    expect(stale).not.toContain('responseVideo');
  });

  it('a course change refreshes courses, lectures and the dashboard, never usage or config', async () => {
    const stale = await staleAfter('course.changed', event('course.changed', { courseId: 'c1' }));
    expect(stale).toEqual(expect.arrayContaining(['userCourses', 'lecture', 'otherLecture', 'joined']));
    expect(stale).not.toContain('activity');
    expect(stale).not.toContain('config');
  });

  it('a room event refreshes that room and the instructor lists; ending it also the question', async () => {
    for (const type of ['meeting.opened', 'meeting.joined'] as const) {
      expect(await staleAfter(type, event(type, { videoId: V, questionId: 'q1' }))).toEqual([
        'managed',
        'room',
      ]);
    }
    expect(
      await staleAfter('meeting.ended', event('meeting.ended', { videoId: V, questionId: 'q1' })),
    ).toEqual(['managed', 'question', 'room']);
  });

  it('resync refreshes everything; an unknown event nothing', async () => {
    expect(await staleAfter('resync', {})).toEqual(Object.keys(READS));
    expect(await staleAfter('meeting.started', { id: '1', type: 'meeting.started' })).toEqual([]);
  });

  it('every event type has a mapping', () => {
    for (const type of EVENT_TYPES) {
      expect(invalidationsFor({ kind: 'event', event: event(type) })).toBeInstanceOf(Array);
    }
  });
});
