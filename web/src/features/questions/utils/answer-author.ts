import type { StudentAnswerDto } from '@lectern/shared';

/** Who wrote a student's answer, as the course shows names: "You", the name to its admins, else "A classmate". */
export const answerAuthor = (answer: Pick<StudentAnswerDto, 'own' | 'authorName'>) =>
  answer.own ? 'You' : (answer.authorName ?? 'A classmate');
