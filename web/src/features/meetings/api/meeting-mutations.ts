import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';
import { recordResponse, startMeeting } from '../../../lib/meetings-api';

// The writes of the meetings feature: starting a room opens it (and marks an instructor as joined), so
// the room and the instructor's lists are stale afterwards.

interface MeetingTarget {
  questionId: string;
  questionText: string;
}

const refreshRoom = (client: QueryClient, _data: unknown, target: MeetingTarget) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.meetings.room(target.questionId) }),
    client.invalidateQueries({ queryKey: queryKeys.questions.managedAll }),
  ]);

export const useStartMeeting = () =>
  useWrite((t: MeetingTarget) => startMeeting(t.questionId, t.questionText), refreshRoom);

export const useRecordResponse = () =>
  useWrite((t: MeetingTarget) => recordResponse(t.questionId, t.questionText), refreshRoom);
