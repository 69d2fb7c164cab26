import { FETCH_ERRORS, LOADING, POLL_MS, STATUS_TEXT } from '@lectern/shared';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { useManagedQuestions } from '../../features/questions/api/questions-api';
import { NeedsResponseByCourse } from '../../features/questions/components/NeedsResponseByCourse';
import { needsResponse } from '../../features/questions/utils/question-lists';

/** Action Items (SPEC §2): questions needing a response, by course, refreshed every 10 s. */
export function ActionItemsPage() {
  const user = useUser();
  const managed = useManagedQuestions(user.id, POLL_MS.actionItems);
  useEffect(() => {
    if (managed.isError) toast.error(FETCH_ERRORS.questions);
  }, [managed.isError]);

  const pending = (managed.data ?? []).filter(needsResponse);
  return (
    <Page title="Action Items">
      <h2>Questions needing a response, sorted by course</h2>
      {managed.isPending ? (
        <p role="status">{LOADING.questions}</p>
      ) : pending.length === 0 ? (
        <p>{STATUS_TEXT.actionItemsEmpty}</p>
      ) : (
        <NeedsResponseByCourse questions={pending} />
      )}
    </Page>
  );
}
