import { type QuestionDto, formatVideoTime } from '@lectern/shared';
import { formatDateTime } from '../../../lib/date-format';
import { StatusNote } from './StatusNote';
import '../questions.css';
import { askerName } from '../utils/asker';

/** The facts of one question, as the instructor needs them to answer (SPEC §2 Respond). */
export function QuestionDetails({ question }: { question: QuestionDto }) {
  return (
    <div className="card">
      <dl className="question-details">
        <dt>Question</dt>
        <dd>{question.question}</dd>
        <dt>Course</dt>
        <dd>{question.courseName}</dd>
        <dt>Lecture</dt>
        <dd>{question.lectureName}</dd>
        <dt>Video</dt>
        <dd>{question.videoTitle}</dd>
        <dt>Time in the video</dt>
        <dd>{formatVideoTime(question.timeAsked)}</dd>
        <dt>Asked by</dt>
        <dd>{askerName(question.whoAsked)}</dd>
        <dt>Posted</dt>
        <dd>
          <time dateTime={question.timePosted}>{formatDateTime(question.timePosted)}</time>
        </dd>
      </dl>
      <StatusNote question={question} />
      {question.response && (
        <p className="hint">This question already has a response; a new upload replaces it.</p>
      )}
    </div>
  );
}
