import type { LtiRosterAnswer, LtiRosterSyncAnswer } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';

// The course's LMS roster (NRPS, issue 23): its links and their last syncs, and a sync on demand. The
// sync's end arrives as a course.changed event, which refetches the links.

export const useLtiRoster = (courseId: string) =>
  useQuery({
    queryKey: queryKeys.courses.ltiRoster(courseId),
    queryFn: ({ signal }) =>
      api<LtiRosterAnswer>(`/api/courses/${encodeURIComponent(courseId)}/lti-roster`, { signal }),
  });

const syncRoster = (courseId: string) =>
  api<LtiRosterSyncAnswer>(`/api/courses/${encodeURIComponent(courseId)}/lti-roster-sync`, {
    method: 'POST',
  });

export const useSyncRoster = () =>
  useWrite(syncRoster, (client, _answer, courseId) =>
    client.invalidateQueries({ queryKey: queryKeys.courses.ltiRoster(courseId) }),
  );
