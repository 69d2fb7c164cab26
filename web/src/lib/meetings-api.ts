import type { MeetingQuery, RecordResponseAnswer, StartMeetingAnswer } from '@lectern/shared';
import { api } from './api-client';

// SPEC §7 /api/bbb/startMeeting and /api/bbb/recordResponse: the same calls whichever meeting provider the
// server runs (BigBlueButton or the built-in room). Both open a room, so the app sends the POST twins of
// the spec's GET routes.

const meeting = (questionId: string, questionText: string) => ({
  method: 'POST' as const,
  body: { questionText, questionID: questionId } satisfies MeetingQuery,
});

export const startMeeting = (questionId: string, questionText: string) =>
  api<StartMeetingAnswer>('/api/bbb/startMeeting', meeting(questionId, questionText));

export const recordResponse = (questionId: string, questionText: string) =>
  api<RecordResponseAnswer>('/api/bbb/recordResponse', meeting(questionId, questionText));
