import { ANSWERED_RECENTLY_MS, FETCH_ERRORS, LOADING, POLL_MS } from '@lectern/shared';
import { Page } from '../../components/ui/Page';
import { useErrorToast } from '../../lib/use-error-toast';
import { useUser } from '../../features/auth/session-context';
import { useUserCourses } from '../../features/courses/api/courses';
import { useJoinedLectures } from '../../features/dashboard/api/upcoming-api';
import { FirstSteps } from '../../features/dashboard/components/FirstSteps';
import { HomeActions } from '../../features/dashboard/components/HomeActions';
import { UpcomingLectures } from '../../features/dashboard/components/UpcomingLectures';
import { WelcomeBox } from '../../features/dashboard/components/WelcomeBox';
import { hasNothingYet } from '../../features/dashboard/utils/first-steps';
import { useManagedQuestions, useOwnQuestions } from '../../features/questions/api/questions-api';
import { OwnQuestions } from '../../features/questions/components/OwnQuestions';
import { NeedsResponseByCourse } from '../../features/questions/components/NeedsResponseByCourse';
import { ShowMoreQuestions } from '../../features/questions/components/ShowMoreQuestions';
import { RecentAnswers } from '../../features/questions/components/RecentAnswers';
import { useNow } from '../../lib/use-now';
import { splitOwnQuestions } from '../../features/questions/utils/own-questions';
import { needsResponse } from '../../features/questions/utils/question-lists';

/** Home dashboard (SPEC §2): welcome, then up to three sections, reloaded every 30 s. */
export function HomePage() {
  const user = useUser();
  const now = useNow(POLL_MS.dashboard);
  const managed = useManagedQuestions(user.id, POLL_MS.dashboard);
  const own = useOwnQuestions(user.id, POLL_MS.dashboard);
  const lectures = useJoinedLectures(user.id);
  const courses = useUserCourses(user.id);

  useErrorToast(managed.isError && FETCH_ERRORS.questions, managed.error);
  useErrorToast(own.isError && FETCH_ERRORS.userQuestions, own.error);
  useErrorToast(lectures.isError && FETCH_ERRORS.lectures, lectures.error);

  const loading = managed.isPending || own.isPending || lectures.isPending;
  const pending = managed.items.filter(needsResponse);
  const mine = splitOwnQuestions(own.data ?? [], now, ANSWERED_RECENTLY_MS);

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
              <ShowMoreQuestions list={managed} />
            </section>
          )}
          {mine.waiting.length > 0 && (
            <section aria-labelledby="your-waiting-heading">
              <h2 id="your-waiting-heading">Your questions waiting for a response</h2>
              <OwnQuestions questions={mine.waiting} where />
            </section>
          )}
          <UpcomingLectures lectures={lectures.data ?? []} now={now} />
          {mine.answered.length > 0 && (
            <section aria-labelledby="your-answers-heading">
              <h2 id="your-answers-heading">Your questions with responses</h2>
              <RecentAnswers questions={mine.answered} />
            </section>
          )}
        </>
      )}
    </Page>
  );
}
