import { ANSWERED_RECENTLY_MS, FETCH_ERRORS, LOADING, POLL_MS } from '@lectern/shared';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { useUserCourses } from '../../features/courses/api/courses';
import { useJoinedLectures } from '../../features/dashboard/api/upcoming-api';
import { FirstSteps } from '../../features/dashboard/components/FirstSteps';
import { HomeActions } from '../../features/dashboard/components/HomeActions';
import { UpcomingLectures } from '../../features/dashboard/components/UpcomingLectures';
import { WelcomeBox } from '../../features/dashboard/components/WelcomeBox';
import { hasNothingYet } from '../../features/dashboard/utils/first-steps';
import { useManagedQuestions, useOwnAnsweredQuestions } from '../../features/questions/api/questions-api';
import { NeedsResponseByCourse } from '../../features/questions/components/NeedsResponseByCourse';
import { RecentAnswers } from '../../features/questions/components/RecentAnswers';
import { useNow } from '../../features/questions/hooks/useNow';
import { needsResponse } from '../../features/questions/utils/question-lists';

const RECENT_DAYS = ANSWERED_RECENTLY_MS / (24 * 60 * 60 * 1000);

/** Home dashboard (SPEC §2): welcome, then up to three sections, reloaded every 30 s. */
export function HomePage() {
  const user = useUser();
  const now = useNow(POLL_MS.dashboard);
  const managed = useManagedQuestions(user.id, POLL_MS.dashboard);
  const own = useOwnAnsweredQuestions(user.id, RECENT_DAYS, POLL_MS.dashboard);
  const lectures = useJoinedLectures(user.id);
  const courses = useUserCourses(user.id);

  useEffect(() => {
    if (managed.isError) toast.error(FETCH_ERRORS.questions);
  }, [managed.isError]);
  useEffect(() => {
    if (own.isError) toast.error(FETCH_ERRORS.userQuestions);
  }, [own.isError]);
  useEffect(() => {
    if (lectures.isError) toast.error(FETCH_ERRORS.lectures);
  }, [lectures.isError]);

  const loading = managed.isPending || own.isPending || lectures.isPending;
  const pending = (managed.data ?? []).filter(needsResponse);
  const answered = (own.data ?? []).filter((q) => q.response);

  return (
    <Page title="Home">
      <WelcomeBox />
      {courses.data && hasNothingYet(courses.data) ? <FirstSteps /> : <HomeActions />}
      {loading ? (
        <p role="status">{LOADING.data}</p>
      ) : (
        <>
          {pending.length > 0 && (
            <section aria-labelledby="needs-response-heading">
              <h2 id="needs-response-heading">Questions needing a response</h2>
              <NeedsResponseByCourse questions={pending} />
            </section>
          )}
          <UpcomingLectures lectures={lectures.data ?? []} now={now} />
          {answered.length > 0 && (
            <section aria-labelledby="your-answers-heading">
              <h2 id="your-answers-heading">Your questions with responses</h2>
              <RecentAnswers questions={answered} />
            </section>
          )}
        </>
      )}
    </Page>
  );
}
