import type { PostKind } from '@lectern/shared';
import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { followUps, questions, studentAnswers } from '../../../db/schema';
import { audienceOfLectures } from '../../../events/domain-event';
import { emit } from '../../../events/outbox';
import { conflict } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { findLecture } from '../../access/public';
import { emitFollowUpChanged } from '../follow-ups/follow-ups.events';
import { readQuestion } from '../question-access';
import { emitQuestionEvent, questionAudience } from '../question-events';
import { type QuestionRecord, lockQuestion } from '../questions.repository';
import { readStudentAnswers } from '../student-answers/student-answer-access';
import { emitStudentAnswerChanged } from '../student-answers/student-answers.events';

/** A post as flags and hiding read it. */
export interface Post {
  id: string;
  /** The question the post is, or is under: whose course's admins hide it. */
  questionId: string;
  authorId: string | null;
  hiddenAt: Date | null;
}

/**
 * What flags and hiding need of one kind of post. `read` is the post's read rule: its question, whether
 * the caller administers it, 403/404 when they may not read the kind's posts there. `all` lists every post of the kind as (id, question_id,
 * text, hidden_at), for the flagged list to join on the flags' ids; `announce` writes the kind's event,
 * to the question's admins alone (`admins`: a flag) or to whoever the post's read reaches once visible.
 */
export interface PostKindRule {
  read(db: DbOrTx, caller: AuthUser, questionId: string, now: Date): Promise<ReadPost>;
  find(db: DbOrTx, id: string): Promise<Post | null>;
  setHidden(tx: Tx, id: string, hiddenAt: Date | null): Promise<void>;
  all: SQL;
  announce(tx: Tx, question: QuestionRecord, postId: string, to: 'admins' | 'readers'): Promise<void>;
}

export interface ReadPost {
  question: QuestionRecord;
  admin: boolean;
}

/** To the admins of the question's home course, not its asker: a flag is theirs to weigh. */
const adminsOf = (tx: Tx, question: QuestionRecord) =>
  questionAudience(tx, { ...question, askerId: null, hiddenAt: null }, 'admins');

const questionPosts: PostKindRule = {
  read: readQuestion,
  async find(db, id) {
    const [row] = await db
      .select({ id: questions.id, authorId: questions.askerId, hiddenAt: questions.hiddenAt })
      .from(questions)
      .where(eq(questions.id, id));
    return row ? { ...row, questionId: row.id } : null;
  },
  async setHidden(tx, id, hiddenAt) {
    await tx.update(questions).set({ hiddenAt }).where(eq(questions.id, id));
  },
  all: sql`select id, id as question_id, question as text, hidden_at from questions`,
  async announce(tx, question, _postId, to) {
    if (to === 'admins') {
      const payload = {
        type: 'question.edited',
        videoId: question.videoId,
        questionId: question.id,
      } as const;
      await emit(tx, { payload, audience: await adminsOf(tx, question) });
      return;
    }
    // Hidden or shown again, an answered question concerns every viewer of the video, whose lists drop or
    // regain it: events carry ids only, and the REST read applies the rule.
    await emitQuestionEvent(
      tx,
      'question.edited',
      { ...question, hiddenAt: null },
      {
        public: question.responseId !== null,
      },
    );
  },
};

/** A post under a question, kept in a table of its own (follow-ups, student answers). */
function postIn(table: typeof followUps | typeof studentAnswers): PostKindRule['find'] {
  return async (db, id) => {
    const [row] = await db
      .select({
        id: table.id,
        questionId: table.questionId,
        authorId: table.authorId,
        hiddenAt: table.hiddenAt,
      })
      .from(table as typeof followUps)
      .where(eq(table.id, id));
    return row ?? null;
  };
}

const followUpPosts: PostKindRule = {
  read: readQuestion,
  find: postIn(followUps),
  async setHidden(tx, id, hiddenAt) {
    await tx.update(followUps).set({ hiddenAt }).where(eq(followUps.id, id));
  },
  all: sql`select id, question_id, text, hidden_at from follow_ups`,
  async announce(tx, question, postId, to) {
    // Announced as shown: whoever reads it when it is not hidden.
    if (to === 'readers')
      return emitFollowUpChanged(tx, question, { id: postId, authorId: null, hiddenAt: null });
    const payload = {
      type: 'followup.changed',
      videoId: question.videoId,
      questionId: question.id,
      followUpId: postId,
    } as const;
    await emit(tx, { payload, audience: await adminsOf(tx, question) });
  },
};

/**
 * A student answer is read by the members of the lecture its question was asked in, waiting or answered
 * (student-answer-access.ts). An endorsed answer is not hidden (409): the endorsement is withdrawn first,
 * which returns the question to waiting when the endorsement had answered it, a step the admin takes
 * knowingly. The question is locked as endorsing locks it, so the two cannot cross.
 */
const studentAnswerPosts: PostKindRule = {
  async read(db, caller, questionId, now) {
    const { question, role } = await readStudentAnswers(db, caller, questionId, now);
    return { question, admin: role === 'admin' };
  },
  find: postIn(studentAnswers),
  async setHidden(tx, id, hiddenAt) {
    const [answer] = await tx.select().from(studentAnswers).where(eq(studentAnswers.id, id));
    if (!answer) return;
    await lockQuestion(tx, answer.questionId);
    const [updated] = await tx
      .update(studentAnswers)
      .set({ hiddenAt })
      .where(
        and(eq(studentAnswers.id, id), hiddenAt === null ? undefined : isNull(studentAnswers.endorsedAt)),
      )
      .returning({ id: studentAnswers.id });
    if (!updated) throw conflict('Withdraw the endorsement before hiding this answer');
  },
  all: sql`select id, question_id, text, hidden_at from student_answers`,
  async announce(tx, question, postId, to) {
    const home = question.lectureId ? await findLecture(tx, question.lectureId) : null;
    if (!home) return;
    if (to === 'readers') {
      // Announced as shown: whoever reads it when it is not hidden.
      await emitStudentAnswerChanged(tx, question, home, { id: postId, hiddenAt: null });
      return;
    }
    const payload = {
      type: 'studentanswer.changed',
      videoId: question.videoId,
      questionId: question.id,
      studentAnswerId: postId,
    } as const;
    await emit(tx, { payload, audience: audienceOfLectures('admins', [home]) });
  },
};

/** Every kind of post members flag: a new kind is one entry. */
export const POST_KIND_RULES: Record<PostKind, PostKindRule> = {
  question: questionPosts,
  followUp: followUpPosts,
  studentAnswer: studentAnswerPosts,
};
