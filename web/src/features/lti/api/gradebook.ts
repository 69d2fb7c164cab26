import type { LtiGradebookAnswer, LtiGradebookBody } from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';

// A lecture's "send watch progress to the gradebook" (AGS, issue 23): the setting, and turning it on or off.

const gradebookUrl = (lectureId: string) => `/api/lectures/${encodeURIComponent(lectureId)}/lti-gradebook`;

export const useLtiGradebook = (lectureId: string) =>
  useQuery({
    queryKey: queryKeys.lectures.ltiGradebook(lectureId),
    queryFn: ({ signal }) => api<LtiGradebookAnswer>(gradebookUrl(lectureId), { signal }),
  });

const setGradebook = ({ lectureId, ...body }: LtiGradebookBody & { lectureId: string }) =>
  api<LtiGradebookAnswer>(gradebookUrl(lectureId), { method: 'PUT', body });

export const useSetLtiGradebook = () =>
  useWrite(setGradebook, (client, answer, { lectureId }) => {
    client.setQueryData(queryKeys.lectures.ltiGradebook(lectureId), answer);
  });
