import { type QuestionDto, STATUS_TEXT } from '@lectern/shared';
import { Link } from 'react-router';
import { byPlaceInLecture, byUrgency, needsResponse } from '../utils/question-lists';
import { AnsweredQuestionList } from './AnsweredQuestionList';
import { NeedsResponseItem } from './NeedsResponseItem';

/**
 * The instructor's two lists for a lecture (SPEC §2 Instructor lecture view): questions that need a
 * response (live first, then earliest) and questions already responded to (by place in the lecture).
 */
export function LectureQuestionsAdmin({
  questions,
  playlist,
  onView,
  onSeek,
}: {
  questions: readonly QuestionDto[];
  playlist: readonly { id: string; title: string }[];
  onView(question: QuestionDto): void;
  onSeek(question: QuestionDto): void;
}) {
  const pending = questions.filter(needsResponse).sort(byUrgency);
  const answered = questions
    .filter((q) => !needsResponse(q))
    .sort(byPlaceInLecture(playlist.map((v) => v.id)));
  const several = playlist.length > 1;

  return (
    <>
      <section aria-labelledby="pending-heading">
        <h2 id="pending-heading">Questions that need a response</h2>
        {pending.length === 0 ? (
          <p>{STATUS_TEXT.noPendingLectureQuestions}</p>
        ) : (
          <ul className="question-list">
            {pending.map((q) => (
              <NeedsResponseItem key={q.id} question={q} showEdit />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="answered-heading">
        <h2 id="answered-heading">Questions already responded to</h2>
        <AnsweredQuestionList
          questions={answered}
          onView={onView}
          onSeek={onSeek}
          empty="No questions have been responded to yet."
          extra={(q) => (
            <div className="row">
              {several && <span className="hint">{q.videoTitle}</span>}
              <Link to={`/editQuestion/${q.id}`}>Edit Response</Link>
            </div>
          )}
        />
      </section>
    </>
  );
}
