import { FETCH_ERRORS, LOADING } from '@lectern/shared';
import { Suspense, lazy, useEffect } from 'react';
import { toast } from '../../../lib/toast';
import { useEngagement, useStudentActivity } from '../api/usage-api';
import { formatTimeOfDay } from '../../../lib/date-format';
import { toEngagementRows } from '../utils/engagement-rows';
import { ExportCsvButton } from './ExportCsvButton';
import { UsageTable } from './UsageTable';
import './usage.css';

// recharts is large: only instructors opening this page download it, not every student.
const EngagementChart = lazy(() => import('./EngagementChart').then((m) => ({ default: m.EngagementChart })));

/** The usage page's body: Refresh, Export CSV, "Last updated", the per-student table and the chart. */
export function VideoUsageReport({ videoId }: { videoId: string }) {
  const students = useStudentActivity(videoId);
  const engagement = useEngagement(videoId);
  const failed = students.isError || engagement.isError;
  useEffect(() => {
    if (failed) toast.error(FETCH_ERRORS.usage);
  }, [failed]);

  const refresh = () => void Promise.all([students.refetch(), engagement.refetch()]);
  const updatedAt = students.dataUpdatedAt ? formatTimeOfDay(students.dataUpdatedAt) : '—';

  return (
    <>
      <div className="row">
        <button type="button" onClick={refresh} disabled={students.isFetching}>
          Refresh
        </button>
        <ExportCsvButton videoId={videoId} />
        <p className="hint" aria-live="polite">
          Last updated: <time>{updatedAt}</time>
        </p>
      </div>
      {students.isError ? (
        <p role="alert" className="error-text">
          {FETCH_ERRORS.usage}
        </p>
      ) : students.isPending ? (
        <p role="status">{LOADING.data}</p>
      ) : (
        <UsageTable entries={students.data} />
      )}
      {engagement.data && engagement.data.bins.length > 0 && (
        <Suspense fallback={<p role="status">{LOADING.data}</p>}>
          <EngagementChart rows={toEngagementRows(engagement.data)} />
        </Suspense>
      )}
    </>
  );
}
