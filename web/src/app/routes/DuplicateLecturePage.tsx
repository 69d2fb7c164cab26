import { FETCH_ERRORS, LOADING, type QuestionDto } from '@lectern/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadFailure } from '../../components/ui/LoadFailure';
import { NotCourseAdmin } from '../../components/ui/NotCourseAdmin';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { useUserCourses } from '../../features/courses/api/courses';
import { useLecture } from '../../lib/lecture-queries';
import { DuplicateLectureForm } from '../../features/lectures/components/DuplicateLectureForm';
import { useLectureQuestions } from '../../features/questions/api/questions-api';
import { ResponseOverlay } from '../../features/questions/components/ResponseOverlay';

export function DuplicateLecturePage() {
  const { lectureID = '' } = useParams();
  const user = useUser();
  const lecture = useLecture(lectureID);
  const courses = useUserCourses(user.id);
  const questions = useLectureQuestions(lectureID);
  const [viewing, setViewing] = useState<QuestionDto | null>(null);
  const failure =
    (lecture.isError && FETCH_ERRORS.lectures) ||
    (courses.isError && FETCH_ERRORS.yourCourses) ||
    (questions.isError && FETCH_ERRORS.failedQuestions) ||
    null;

  // Before the failures: a student's lecture questions may be refused, and that is not the news.
  const source = lecture.data;
  if (source && courses.data && !courses.data.createdCourses.some((c) => c.id === source.courseID)) {
    return <NotCourseAdmin studentView={`/lecture/${source.id}`} />;
  }
  if (failure) {
    const retry = () => Promise.all([lecture.refetch(), courses.refetch(), questions.refetch()]);
    return <LoadFailure title={failure} onRetry={retry} />;
  }
  if (!source || !courses.data || !questions.data) return <p role="status">{LOADING.session}</p>;

  const targets = courses.data.createdCourses.filter((course) => course.id !== source.courseID);
  return (
    // SPEC §2 says "Duplicate course", but the page copies a lecture (issue 11 #10); the subtitle says from where.
    <Page
      title={`Duplicate lecture "${source.title}"`}
      subtitle={`Copies the lecture "${source.title}" of the course ${source.parentCourse.name} into another of your courses.`}
    >
      <DuplicateLectureForm
        key={source.id}
        lecture={source}
        targets={targets}
        questions={questions.data}
        onViewResponse={setViewing}
      />
      {viewing && (
        <ResponseOverlay
          question={viewing}
          userId={user.id}
          logContext={{ courseID: source.courseID, lectureID: source.id, videoID: viewing.videoId }}
          onClose={() => setViewing(null)}
        />
      )}
    </Page>
  );
}
