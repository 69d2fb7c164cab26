import type {
  EndorsementBody,
  OpenQuestionList,
  StudentAnswerBody,
  StudentAnswerDto,
  StudentAnswerList,
} from '@lectern/shared';
import type { AppDeps } from '../../../app-deps';
import type { Tx } from '../../../db/client';
import { conflict, forbidden, notFound } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { findCourse, requireVisibleVideo } from '../../access/public';
import { markAnswered, returnToWaiting } from '../answer-question';
import { renderAnswerText } from '../answer-text/render';
import { type QuestionRecord, insertResponse, lockQuestion } from '../questions.repository';
import type { QuestionsService } from '../questions.service';
import { listsStudentAnswer, readStudentAnswers } from './student-answer-access';
import { emitStudentAnswerChanged } from './student-answers.events';
import {
  type StudentAnswerRecord,
  deleteStudentAnswer,
  findStudentAnswer,
  insertStudentAnswer,
  openQuestionsFor,
  otherEndorsed,
  studentAnswersOf,
  updateStudentAnswer,
} from './student-answers.repository';

export type StudentAnswersService = ReturnType<typeof createStudentAnswersService>;

/**
 * Students' answers to classmates' questions (issue 24). A course's admins allow them (`studentsAnswer`,
 * off by default). They are read by the members of the lecture the question was asked in: its course's
 * admins, its students once released, and the asker (the audience of `studentanswer.changed`). A student
 * of that lecture answers another's question once, in Markdown rendered and sanitised as a text answer
 * is, and edits or deletes it; the course's admins delete any and endorse one per question. An endorsed
 * answer answers a waiting question (a response made from its text, the asker told as for any answer);
 * withdrawing the endorsement, or deleting the answer, returns the question to waiting.
 */
export function createStudentAnswersService(deps: AppDeps, questions: QuestionsService) {
  const { db, clock } = deps;

  /** The question, the lecture it was asked in and the caller's standing there; 403/404 as the read. */
  const readable = (caller: AuthUser, questionId: string) =>
    readStudentAnswers(db, caller, questionId, clock());

  async function loadForWrite(caller: AuthUser, answerId: string) {
    const answer = await findStudentAnswer(db, answerId);
    if (!answer) throw notFound('Answer not found');
    return { answer, ...(await readable(caller, answer.questionId)) };
  }

  const dto = (
    caller: AuthUser,
    admin: boolean,
    a: StudentAnswerRecord,
    authorName: string,
  ): StudentAnswerDto => {
    const own = a.authorId === caller.id;
    return {
      _id: a.id,
      questionId: a.questionId,
      own,
      authorName: admin || own ? authorName : null,
      text: own ? a.text : null,
      textHtml: a.textHtml,
      createdAt: a.createdAt.toISOString(),
      editedAt: a.editedAt?.toISOString() ?? null,
      endorsed: a.endorsedAt !== null,
      hidden: a.hiddenAt !== null,
    };
  };

  /**
   * Inside `tx`: the question locked, which serialises every change to its answers' endorsement and text,
   * and the answer as it is now.
   */
  async function lockAnswer(tx: Tx, answer: StudentAnswerRecord) {
    const question = await lockQuestion(tx, answer.questionId);
    const current = await findStudentAnswer(tx, answer.id);
    if (!question || !current) throw notFound('Answer not found');
    return { question, current };
  }

  /**
   * Inside `tx`, the question locked: the endorsement goes; if the question's answer was made from this
   * one, the question waits again and that answer is reported replaced, to be deleted once nothing uses it.
   */
  async function withdraw(
    tx: Tx,
    question: QuestionRecord,
    answer: StudentAnswerRecord,
  ): Promise<string | null> {
    if (answer.endorsedAt === null) return null;
    await updateStudentAnswer(tx, answer.id, { endorsedAt: null, endorsedBy: null, responseId: null });
    if (answer.responseId === null || question.responseId !== answer.responseId) return null;
    await returnToWaiting(deps, tx, question);
    return answer.responseId;
  }

  /** Inside `tx`, the question locked: endorsed; a waiting question is answered by a response of its text. */
  async function endorse(
    tx: Tx,
    caller: AuthUser,
    question: QuestionRecord,
    answer: StudentAnswerRecord,
  ): Promise<void> {
    if (answer.hiddenAt !== null) throw conflict('Restore this answer before endorsing it');
    if (await otherEndorsed(tx, answer.questionId, answer.id))
      throw conflict('Another answer to this question is endorsed; withdraw that first');
    const now = clock();
    let responseId: string | null = null;
    if (question.responseId === null && question.status !== 'processing') {
      const response = await insertResponse(tx, {
        title: `Response: ${question.question}`.slice(0, 200),
        posterId: answer.authorId,
        text: answer.text,
        textHtml: answer.textHtml,
        createdAt: now,
      });
      responseId = response.id;
    }
    await updateStudentAnswer(tx, answer.id, { endorsedAt: now, endorsedBy: caller.id, responseId });
    if (responseId !== null) await markAnswered(deps, tx, question, responseId, now);
  }

  return {
    async list(caller: AuthUser, questionId: string): Promise<StudentAnswerList> {
      const { home, role, asker } = await readable(caller, questionId);
      const admin = role === 'admin';
      const all = await studentAnswersOf(db, questionId);
      const rows = all.filter((r) => listsStudentAnswer(caller, admin, r.answer));
      const course = await findCourse(db, home.courseId);
      const answered = all.some((r) => r.answer.authorId === caller.id);
      return {
        answers: rows.map((r) => dto(caller, admin, r.answer, r.authorName)),
        canAnswer: role === 'student' && !asker && !answered && (course?.studentsAnswer ?? false),
        canEndorse: admin,
      };
    },

    async post(caller: AuthUser, questionId: string, body: StudentAnswerBody): Promise<StudentAnswerDto> {
      const { question, home, role, asker } = await readable(caller, questionId);
      const course = await findCourse(db, home.courseId);
      if (!course?.studentsAnswer) throw forbidden('This course does not let students answer questions');
      if (role !== 'student') throw forbidden('Instructors answer with an answer of their own');
      if (asker) throw forbidden('You cannot answer your own question');
      const textHtml = renderAnswerText(body.text);
      const row = await db.transaction(async (tx) => {
        const row = await insertStudentAnswer(tx, {
          questionId,
          authorId: caller.id,
          text: body.text,
          textHtml,
        });
        if (!row) throw conflict('You have answered this question already; edit your answer instead');
        await emitStudentAnswerChanged(tx, question, home, row);
        return row;
      });
      return dto(caller, false, row, caller.name);
    },

    /** Its author edits it; an endorsed answer is what the instructor vouched for, so it stays as it is. */
    async edit(caller: AuthUser, answerId: string, body: StudentAnswerBody): Promise<StudentAnswerDto> {
      const { answer, question, home, role } = await loadForWrite(caller, answerId);
      if (answer.authorId !== caller.id) throw forbidden('Only its author can edit an answer');
      if (answer.endorsedAt !== null) throw conflict('An endorsed answer cannot be edited');
      const textHtml = renderAnswerText(body.text);
      const editedAt = clock();
      await db.transaction(async (tx) => {
        const { current } = await lockAnswer(tx, answer);
        if (current.endorsedAt !== null) throw conflict('An endorsed answer cannot be edited');
        await updateStudentAnswer(tx, answer.id, { text: body.text, textHtml, editedAt });
        await emitStudentAnswerChanged(tx, question, home, current);
      });
      return dto(caller, role === 'admin', { ...answer, text: body.text, textHtml, editedAt }, caller.name);
    },

    async remove(caller: AuthUser, answerId: string): Promise<void> {
      const { answer, question, home, role } = await loadForWrite(caller, answerId);
      if (role !== 'admin' && answer.authorId !== caller.id)
        throw forbidden('Only its author or the course administrators can delete an answer');
      await questions.withResponseCleanup(async (tx) => {
        const { question: locked, current } = await lockAnswer(tx, answer);
        const replaced = await withdraw(tx, locked, current);
        await deleteStudentAnswer(tx, answer.id);
        await emitStudentAnswerChanged(tx, question, home, current);
        return { result: undefined, replaced };
      });
    },

    /** The course's admins endorse one answer per question, or withdraw the endorsement. */
    async setEndorsement(
      caller: AuthUser,
      answerId: string,
      body: EndorsementBody,
    ): Promise<StudentAnswerDto> {
      const { answer, question, home, role } = await loadForWrite(caller, answerId);
      if (role !== 'admin') throw forbidden('Only the course administrators can do that');
      await questions.withResponseCleanup(async (tx) => {
        const { question: locked, current } = await lockAnswer(tx, answer);
        if (body.endorsed === (current.endorsedAt !== null)) return { result: undefined, replaced: null };
        let replaced: string | null = null;
        if (body.endorsed) await endorse(tx, caller, locked, current);
        else replaced = await withdraw(tx, locked, current);
        await emitStudentAnswerChanged(tx, question, home, current);
        return { result: undefined, replaced };
      });
      const [row] = (await studentAnswersOf(db, answer.questionId)).filter((r) => r.answer.id === answer.id);
      if (!row) throw notFound('Answer not found');
      return dto(caller, true, row.answer, row.authorName);
    },

    /** Classmates' questions on the video waiting for an answer, in courses that let students answer. */
    async open(caller: AuthUser, videoId: string): Promise<OpenQuestionList> {
      const now = clock();
      await requireVisibleVideo(db, caller, videoId, now);
      const rows = await openQuestionsFor(db, videoId, caller.id, now);
      return {
        questions: rows.map((q) => ({
          _id: q.id,
          question: q.question,
          timeAsked: q.timeAsked,
          timePosted: q.timePosted.toISOString(),
        })),
      };
    },
  };
}
