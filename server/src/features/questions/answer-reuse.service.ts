import { sql } from 'drizzle-orm';
import {
  type LinkAnswerBody,
  MAX_SUGGESTIONS,
  type PossibleAnswerDto,
  type PossibleAnswersByQuestion,
  type QuestionDto,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { requireVideoAdmin } from '../access/public';
import { type MatchScope, findAnsweredMatchesOfMany, toSuggestion } from '../suggestions/public';
import { administeredCourseNames, answerOwnerOf, insertAnswerLink } from './answer-links.repository';
import { markAnswered } from './answer-question';
import { dropPending, forgetPending } from './pending-response';
import { requireQuestionAdmin } from './question-access';
import { type QuestionRecord, findQuestion, lockQuestion } from './questions.repository';
import type { QuestionsService } from './questions.service';

// "Possibly answered by …" and "Use this answer" (issue 24, "The instructor reuses answers"): a waiting
// question is matched, with the suggestions' matcher, against the answered questions of every course the
// instructor administers (this one, last term's; a concurrent copy shares this course's videos, so its
// answered questions are there too), and one of their answers becomes this question's answer as well.

/** The answered questions an instructor may reuse: those on the videos of the courses they administer. */
const administeredScope = (userId: string): MatchScope => ({
  videoIds: sql`select lv.video_id from lecture_videos lv join lectures l on l.id = lv.lecture_id
    where l.course_id in (select ca.course_id from course_admins ca where ca.user_id = ${userId})`,
  // Their admin sees every answered question there; the matcher takes answered ones only.
  listed: sql`true`,
});

export type AnswerReuseService = ReturnType<typeof createAnswerReuseService>;

export function createAnswerReuseService(deps: AppDeps, questions: QuestionsService) {
  const { db, clock } = deps;
  /**
   * Of each question, up to three answered questions like it, most alike first; none once it is answered.
   * Every question is checked first, in order (one the caller may not administer fails the whole read as it
   * would alone: 404 hidden, 403 otherwise), then one matcher statement serves them all.
   */
  async function possibleAnswersOf(
    caller: AuthUser,
    questionIds: string[],
  ): Promise<PossibleAnswersByQuestion> {
    const now = clock();
    const waiting: QuestionRecord[] = [];
    for (const id of questionIds) {
      const { question } = await requireQuestionAdmin(db, caller, id, now);
      if (question.responseId === null) waiting.push(question);
    }
    const inputs = waiting.map((q) => ({
      text: q.question,
      place: { videoId: q.videoId, time: q.timeAsked, lectureId: q.lectureId },
      meaning: q.meaning ?? undefined,
    }));
    const matches = await findAnsweredMatchesOfMany(
      db,
      inputs,
      administeredScope(caller.id),
      MAX_SUGGESTIONS,
    );
    const courses = await administeredCourseNames(
      db,
      matches.flat().map((m) => m.questionId),
      caller.id,
    );
    const byQuestion: PossibleAnswersByQuestion = Object.fromEntries(questionIds.map((id) => [id, []]));
    for (const [n, q] of waiting.entries())
      byQuestion[q.id] = matches[n]!.map((m) => ({
        ...toSuggestion(m),
        courseName: courses.get(m.questionId) ?? '',
      }));
    return byQuestion;
  }

  return {
    /** Up to three answered questions like this waiting one, most alike first; none once it is answered. */
    async possibleAnswers(caller: AuthUser, questionId: string): Promise<PossibleAnswerDto[]> {
      return (await possibleAnswersOf(caller, [questionId]))[questionId]!;
    },

    /** The possible answers of several waiting questions in one read (Action Items), by question id. */
    possibleAnswersOf,

    /**
     * "Use this answer": the answer of `answeredQuestionId` answers `questionId` too, and its asker is told
     * as for any answer. The caller administers the question's course (403) and a course holding the
     * answered question's video (404 hidden, 403 otherwise).
     */
    async link(caller: AuthUser, questionId: string, body: LinkAnswerBody): Promise<QuestionDto> {
      const now = clock();
      const { question } = await requireQuestionAdmin(db, caller, questionId, now);
      const answered = await findQuestion(db, body.answeredQuestionId);
      if (!answered) throw notFound('Answered question not found');
      await requireVideoAdmin(db, caller, answered.videoId, now);
      let dropped: string | null = null;
      await questions.withResponseCleanup(async (tx) => {
        const target = await lockQuestion(tx, question.id);
        if (!target) throw notFound('Question not found');
        if (target.responseId !== null) throw conflict('This question already has a response');
        // The answer's first question is locked before the one lending it, in the order a deletion of that
        // answer locks them (answer-links.ts): the link is seen by the deletion or sees the answer gone.
        const ownerId = await answerOwnerOf(tx, answered);
        const owner = await lockQuestion(tx, ownerId);
        const lender = ownerId === answered.id ? owner : await lockQuestion(tx, answered.id);
        const responseId = lender?.responseId ?? null;
        if (responseId === null || owner?.responseId !== responseId)
          throw conflict('That question has no response to reuse');
        dropped = await dropPending(tx, target); // a reused answer also overwrites one being processed
        await insertAnswerLink(tx, {
          questionId: target.id,
          responseId,
          sourceQuestionId: ownerId,
          linkedBy: caller.id,
          linkedAt: now,
        });
        await markAnswered(deps, tx, target, responseId, now);
        return { result: undefined, replaced: null };
      });
      await forgetPending(deps, dropped);
      return questions.dto(caller, questionId);
    },
  };
}
