import type { RecordResponseAnswer, StartMeetingAnswer } from '@lectern/shared';
import { api } from './api-client';

// SPEC §7 GET /api/bbb/startMeeting and /api/bbb/recordResponse: the same calls whichever meeting
// provider the server runs (BigBlueButton or the built-in room).

const meetingQuery = (questionId: string, questionText: string) =>
  new URLSearchParams({ questionText, questionID: questionId }).toString();

export const startMeeting = (questionId: string, questionText: string) =>
  api<StartMeetingAnswer>(`/api/bbb/startMeeting?${meetingQuery(questionId, questionText)}`);

export const recordResponse = (questionId: string, questionText: string) =>
  api<RecordResponseAnswer>(`/api/bbb/recordResponse?${meetingQuery(questionId, questionText)}`);
