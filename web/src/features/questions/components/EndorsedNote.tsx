import { ENDORSED_BY_INSTRUCTOR } from '@lectern/shared';
import { useStudentAnswers } from '../api/student-answers-api';
import { answerAuthor } from '../utils/answer-author';

/**
 * Above an endorsed student's answer (issue 24): "Endorsed by the instructor" and its author as the course
 * shows names. A reader who may not read the question's student answers (outside its lecture) sees
 * "A classmate".
 */
export function EndorsedNote({ questionId }: { questionId: string }) {
  const list = useStudentAnswers(questionId);
  const endorsed = list.data?.answers.find((a) => a.endorsed);
  const author = endorsed ? answerAuthor(endorsed) : 'A classmate';
  return (
    <p className="endorsed-note">
      <strong>{ENDORSED_BY_INSTRUCTOR}</strong>
      {` · answer by ${author === 'You' ? 'you' : author}`}
    </p>
  );
}
