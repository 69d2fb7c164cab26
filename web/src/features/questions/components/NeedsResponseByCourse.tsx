import type { QuestionDto } from '@lectern/shared';
import { groupNeedingResponseByCourse } from '../utils/question-lists';
import { NeedsResponseItem } from './NeedsResponseItem';

/**
 * Questions needing a response, grouped by course, live first then earliest (SPEC §2 Home, Action Items).
 * With `instructorId` (Action Items), each shows the earlier answers that may answer it (issue 24).
 */
export function NeedsResponseByCourse({
  questions,
  instructorId,
}: {
  questions: readonly QuestionDto[];
  instructorId?: string;
}) {
  return (
    <>
      {groupNeedingResponseByCourse(questions).map((group) => (
        <section key={group.courseId} aria-label={group.courseName}>
          <h3>{group.courseName}</h3>
          <ul className="question-list">
            {group.questions.map((q) => (
              <NeedsResponseItem key={q.id} question={q} showCourse instructorId={instructorId} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
