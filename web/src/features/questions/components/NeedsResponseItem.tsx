import { type PossibleAnswerDto, type QuestionDto, formatVideoTime } from '@lectern/shared';
import { Link } from 'react-router';
import { LiveStatusNote } from './LiveStatusNote';
import { PossibleAnswersList } from './PossibleAnswers';
import { StatusNote } from './StatusNote';
import '../questions.css';
import { askerName } from '../utils/asker';

/**
 * One question waiting for the instructor: (course,) lecture, text, asker or "anonymous", time in the
 * lecture, status, "Respond to question", and "Edit Response" for live or processing ones when asked for.
 * Given the instructor's id, the earlier answers that may answer it ("Possibly answered by …", issue 24), as
 * Action Items read them for its whole page.
 */
export function NeedsResponseItem({
  question,
  showCourse = false,
  showEdit = false,
  instructorId,
  possibleAnswers = [],
}: {
  question: QuestionDto;
  showCourse?: boolean;
  showEdit?: boolean;
  instructorId?: string;
  possibleAnswers?: readonly PossibleAnswerDto[];
}) {
  return (
    <li className="card">
      {showCourse && <p className="hint">{`Course: ${question.courseName}`}</p>}
      <p className="hint">{`Lecture: ${question.lectureName}`}</p>
      <p>
        <strong>{question.question}</strong>
      </p>
      <p className="hint">
        {`Asked by ${askerName(question.whoAsked)} at ${formatVideoTime(question.timeAsked)}`}
      </p>
      {question.status === 'live' ? (
        <LiveStatusNote questionId={question.id} />
      ) : (
        <StatusNote question={question} />
      )}
      <div className="row">
        <Link to={`/respond/${question.id}`}>Respond to question</Link>
        {/* The respond page of a live question starts the meeting by itself (SPEC §4). */}
        {question.status === 'live' && <Link to={`/respond/${question.id}`}>Join this meeting</Link>}
        {showEdit && question.status && <Link to={`/editQuestion/${question.id}`}>Edit Response</Link>}
      </div>
      {instructorId && (
        <PossibleAnswersList question={question} candidates={possibleAnswers} userId={instructorId} />
      )}
    </li>
  );
}
