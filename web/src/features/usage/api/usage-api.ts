import {
  type ActiveUserCounts,
  type Engagement,
  type ErrorBody,
  POLL_MS,
  type UsageEntry,
  usageCsvFileName,
  usageCsvPath,
} from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api, authHeaders } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Active-user counts of a lecture, polled every 60 s (SPEC §9): no event tells who is watching. */
export const useLectureActivity = (lectureId: string) =>
  useQuery({
    queryKey: queryKeys.usage.activity(lectureId),
    queryFn: ({ signal }) =>
      api<ActiveUserCounts>(`/api/admin/logs/lecture/${encodeURIComponent(lectureId)}/activity`, { signal }),
    refetchInterval: POLL_MS.activeUsers,
  });

/** The per-student usage report: fetched once, refreshed with the page's Refresh button. */
export const useStudentActivity = (videoId: string) =>
  useQuery({
    queryKey: queryKeys.usage.students(videoId),
    queryFn: ({ signal }) =>
      api<UsageEntry[]>(`/api/admin/logs/video/${encodeURIComponent(videoId)}/student-activity`, {
        signal,
      }),
  });

export const useEngagement = (videoId: string) =>
  useQuery({
    queryKey: queryKeys.usage.engagement(videoId),
    queryFn: ({ signal }) =>
      api<Engagement>(`/api/admin/logs/video/${encodeURIComponent(videoId)}/engagement`, { signal }),
  });

/**
 * Downloads the server-built CSV with the bearer header (never a token in a URL): fetch, blob, object URL
 * and a temporary link carrying the file name.
 */
export async function downloadUsageCsv(videoId: string): Promise<void> {
  const response = await fetch(usageCsvPath(videoId), { headers: authHeaders() });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
    throw new ApiError(response.status, body?.error ?? response.statusText, body?.code ?? 'UNKNOWN');
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = usageCsvFileName(videoId);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: the click has handed the blob to the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
