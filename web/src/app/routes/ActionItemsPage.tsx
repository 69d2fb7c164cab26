import { FETCH_ERRORS, LOADING, POLL_MS, STATUS_TEXT } from '@lectern/shared';
import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/Page';
import { useErrorToast } from '../../lib/use-error-toast';
import { useUser } from '../../features/auth/session-context';
import { WaitingStudentAlerts } from '../../features/meeting-room';
import { usePossibleAnswersOf } from '../../features/questions/api/possible-answers-api';
import { useManagedQuestions } from '../../features/questions/api/questions-api';
import { FlaggedPosts } from '../../features/questions/components/FlaggedPosts';
import { NeedsResponseByCourse } from '../../features/questions/components/NeedsResponseByCourse';
import { ShowMoreQuestions } from '../../features/questions/components/ShowMoreQuestions';
import { WaitingFollowUps } from '../../features/questions/components/WaitingFollowUps';
import { needsResponse } from '../../features/questions/utils/question-lists';

/**
 * Action Items (SPEC §2): questions needing a response, by course, refreshed every 10 s; each with the
 * earlier answers that may answer it, follow-ups to answer and flagged posts to hide or restore (issue 24).
 */
export function ActionItemsPage() {
  const user = useUser();
  const navigate = useNavigate();
  const managed = useManagedQuestions(user.id, POLL_MS.actionItems);
  useErrorToast(managed.isError && FETCH_ERRORS.questions, managed.error);

  const pending = managed.items.filter(needsResponse);
  const possibleAnswers = usePossibleAnswersOf(pending.map((q) => q.id));
  return (
    <Page title="Action Items">
      <WaitingStudentAlerts onOpen={(questionId) => void navigate(`/room/${questionId}`)} />
      <h2>Questions needing a response, sorted by course</h2>
      {managed.isPending ? (
        <p role="status">{LOADING.questions}</p>
      ) : pending.length === 0 ? (
        <p>{STATUS_TEXT.actionItemsEmpty}</p>
      ) : (
        <NeedsResponseByCourse questions={pending} instructorId={user.id} possibleAnswers={possibleAnswers} />
      )}
      <ShowMoreQuestions list={managed} />
      <WaitingFollowUps refetchInterval={POLL_MS.actionItems} />
      <FlaggedPosts refetchInterval={POLL_MS.actionItems} />
    </Page>
  );
}
