import { formatVideoTime } from '@lectern/shared';
import { useOpenQuestions } from '../api/student-answers-api';
import StudentAnswersContent from './StudentAnswersContent';

/**
 * The watch page's "Classmates’ questions" (issue 24): questions on this video still waiting for an
 * answer, in a course that lets its students answer them; never who asked. Nothing when there are none.
 * Loaded lazily by the page, so not in its first load.
 */
export default function ClassmatesQuestions({ videoId }: { videoId: string }) {
  const open = useOpenQuestions(videoId);
  const questions = open.data?.questions ?? [];
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="classmates-questions-heading">
      <h2 id="classmates-questions-heading">Classmates’ questions</h2>
      <p className="hint">
        Waiting for an answer: you may answer them in words, and the instructor may endorse an answer.
      </p>
      <ul className="classmates-questions">
        {questions.map((q) => (
          <li key={q._id}>
            <p>
              <strong>{q.question}</strong>
              <span className="hint">{` asked at ${formatVideoTime(q.timeAsked)}`}</span>
            </p>
            <StudentAnswersContent questionId={q._id} />
          </li>
        ))}
      </ul>
    </section>
  );
}
