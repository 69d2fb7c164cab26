import type { LtiPlatform, LtiPlatformRegistration, LtiPlatformsAnswer } from '@lectern/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';

// The installation's LTI platforms (issue 23, /admin/lti): for its administrators only; anyone else is
// refused with 403, which the page shows as "not allowed".

const PATH = '/api/admin/lti/platforms';
const platformPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export const useLtiPlatforms = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.ltiPlatforms,
    queryFn: ({ signal }) => api<LtiPlatformsAnswer>(PATH, { signal }),
    enabled,
  });

const refreshList = (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.ltiPlatforms });

export const useAddPlatform = () =>
  useWrite(
    (registration: LtiPlatformRegistration) => api<LtiPlatform>(PATH, { method: 'POST', body: registration }),
    refreshList,
  );

export const useEditPlatform = () =>
  useWrite(
    ({ id, registration }: { id: string; registration: LtiPlatformRegistration }) =>
      api<LtiPlatform>(platformPath(id), { method: 'PUT', body: registration }),
    refreshList,
  );

export const useRemovePlatform = () =>
  useWrite((id: string) => api<{ ok: true }>(platformPath(id), { method: 'DELETE' }), refreshList);
