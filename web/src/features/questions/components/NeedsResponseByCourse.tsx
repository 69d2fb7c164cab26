import type { PossibleAnswersByQuestion, QuestionDto } from '@lectern/shared';
import { groupNeedingResponseByCourse } from '../utils/question-lists';
import { NeedsResponseItem } from './NeedsResponseItem';

/**
 * Questions needing a response, grouped by course, live first then earliest (SPEC §2 Home, Action Items).
 * With `instructorId` (Action Items), each shows the earlier answers that may answer it (issue 24), from
 * `possibleAnswers`, read for the whole list at once.
 */
export function NeedsResponseByCourse({
  questions,
  instructorId,
  possibleAnswers = {},
}: {
  questions: readonly QuestionDto[];
  instructorId?: string;
  possibleAnswers?: PossibleAnswersByQuestion;
}) {
  return (
    <>
      {groupNeedingResponseByCourse(questions).map((group) => (
        <section key={group.courseId} aria-label={group.courseName}>
          <h3>{group.courseName}</h3>
          <ul className="question-list">
            {group.questions.map((q) => (
              <NeedsResponseItem
                key={q.id}
                question={q}
                showCourse
                instructorId={instructorId}
                possibleAnswers={possibleAnswers[q.id]}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
