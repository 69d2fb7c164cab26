import type { DeepLinkAnswer, DeepLinkItem } from '@lectern/shared';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/ui/FormAlert';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { useCourseLectures, useUserCourses } from '../../features/courses/api/courses';
import { useAnswerDeepLink } from '../../features/lti/api/deep-link';
import { PostToPlatform } from '../../features/lti/components/PostToPlatform';
import { errorMessage } from '../../lib/api-client';
import { useLectureVideos } from '../../lib/lecture-queries';

/** The picker's token once read: the page may mount again (its chunk loading) after the address lost it. */
let pickerOfThisPage = '';

/** The picker's one-time token from the fragment (#picker=…), read once and taken out of the address. */
function takePickerFromUrl(): string {
  const picker = new URLSearchParams(window.location.hash.slice(1)).get('picker');
  if (picker) {
    pickerOfThisPage = picker;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return pickerOfThisPage;
}

type Insert = (item: DeepLinkItem) => void;

/** A lecture's videos, each of which may be inserted alone. */
function LectureVideos({ lectureId, insert, busy }: { lectureId: string; insert: Insert; busy: boolean }) {
  const { data: videos, isPending } = useLectureVideos(lectureId);
  if (isPending) return <p role="status">Loading videos…</p>;
  if (!videos?.length) return <p>This lecture has no videos yet.</p>;
  return (
    <ul>
      {videos.map((video) => (
        <li key={video.id}>
          {video.title}{' '}
          <button
            type="button"
            disabled={busy}
            aria-label={`Add video ${video.title}`}
            onClick={() => insert({ lectureId, videoId: video.id })}
          >
            Add this video
          </button>
        </li>
      ))}
    </ul>
  );
}

function CourseLectures({ courseId, insert, busy }: { courseId: string; insert: Insert; busy: boolean }) {
  const { data, isPending, isError } = useCourseLectures(courseId);
  if (isPending) return <p role="status">Loading lectures…</p>;
  if (isError) return <p role="alert">Lectern could not load this course’s lectures.</p>;
  if (data.lectures.length === 0) return <p>This course has no lectures yet. Add one in Lectern first.</p>;
  return (
    <ul className="deep-link-lectures">
      {data.lectures.map((lecture) => (
        <li key={lecture.id}>
          <h2>{lecture.title}</h2>
          <button
            type="button"
            disabled={busy}
            aria-label={`Add lecture ${lecture.title}`}
            onClick={() => insert({ lectureId: lecture.id })}
          >
            Add this lecture
          </button>
          <details>
            <summary>Or one of its videos</summary>
            <LectureVideos lectureId={lecture.id} insert={insert} busy={busy} />
          </details>
        </li>
      ))}
    </ul>
  );
}

/**
 * Lectern's deep-linking picker (issue 23), opened in the LMS frame by a deep-linking request: the
 * instructor picks a course they administer (the one linked to the LMS course, when it is linked), then a
 * lecture or one of its videos. The server checks the pick and signs the answer, which this page posts to
 * the platform.
 */
export function LtiDeepLinkPage() {
  const user = useUser();
  const [picker] = useState(takePickerFromUrl);
  const linkedCourse = useSearchParams()[0].get('course');
  const courses = useUserCourses(user.id);
  const administered = (courses.data?.createdCourses ?? []).filter(
    (c) => !linkedCourse || c.id === linkedCourse,
  );
  const [chosen, setChosen] = useState('');
  const courseId = chosen || administered[0]?.id || '';
  const answer = useAnswerDeepLink();
  const [sent, setSent] = useState<DeepLinkAnswer | null>(null);
  const [error, setError] = useState('');
  const courseField = useId();

  const insert: Insert = (item) => {
    setError('');
    answer
      .mutateAsync({ picker, items: [item] })
      .then(setSent)
      .catch((failure: unknown) => setError(errorMessage(failure, 'Lectern could not add this. Try again.')));
  };

  if (sent) return <PostToPlatform returnUrl={sent.returnUrl} jwt={sent.jwt} />;
  return (
    <Page title="Add Lectern content to your course">
      <FormAlert
        message={picker ? error : 'This picker has expired. Add Lectern content again from your course.'}
      />
      {courses.isPending && <p role="status">Loading your courses…</p>}
      {courses.data && administered.length === 0 && (
        <p>You administer no course in Lectern yet. Open Lectern from your course once, then add content.</p>
      )}
      {administered.length > 1 && (
        <p>
          <label htmlFor={courseField}>Course</label>{' '}
          <select id={courseField} value={courseId} onChange={(e) => setChosen(e.target.value)}>
            {administered.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </p>
      )}
      {picker && courseId && <CourseLectures courseId={courseId} insert={insert} busy={answer.isPending} />}
    </Page>
  );
}
