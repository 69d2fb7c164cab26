import type { PostKind } from '@lectern/shared';
import { type SQL, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { followUps, questions } from '../../../db/schema';
import { emit } from '../../../events/outbox';
import { emitFollowUpChanged } from '../follow-ups/follow-ups.events';
import { emitQuestionEvent, questionAudience } from '../question-events';
import type { QuestionRecord } from '../questions.repository';

/** A post as flags and hiding read it. */
export interface Post {
  id: string;
  /** The question the post is, or is under: whose course's admins hide it. */
  questionId: string;
  authorId: string | null;
  hiddenAt: Date | null;
}

/**
 * What flags and hiding need of one kind of post. `all` lists every post of the kind as (id, question_id,
 * text, hidden_at), for the flagged list to join on the flags' ids; `announce` writes the kind's event,
 * to the question's admins alone (`admins`: a flag) or to whoever the post's read reaches once visible.
 */
export interface PostKindRule {
  find(db: DbOrTx, id: string): Promise<Post | null>;
  setHidden(tx: Tx, id: string, hiddenAt: Date | null): Promise<void>;
  all: SQL;
  announce(tx: Tx, question: QuestionRecord, postId: string, to: 'admins' | 'readers'): Promise<void>;
}

/** To the admins of the question's home course, not its asker: a flag is theirs to weigh. */
const adminsOf = (tx: Tx, question: QuestionRecord) =>
  questionAudience(tx, { ...question, askerId: null, hiddenAt: null }, 'admins');

const questionPosts: PostKindRule = {
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

const followUpPosts: PostKindRule = {
  async find(db, id) {
    const [row] = await db
      .select({
        id: followUps.id,
        questionId: followUps.questionId,
        authorId: followUps.authorId,
        hiddenAt: followUps.hiddenAt,
      })
      .from(followUps)
      .where(eq(followUps.id, id));
    return row ?? null;
  },
  async setHidden(tx, id, hiddenAt) {
    await tx.update(followUps).set({ hiddenAt }).where(eq(followUps.id, id));
  },
  all: sql`select id, question_id, text, hidden_at from follow_ups`,
  async announce(tx, question, postId, to) {
    if (to === 'readers') return emitFollowUpChanged(tx, question, postId);
    const payload = {
      type: 'followup.changed',
      videoId: question.videoId,
      questionId: question.id,
      followUpId: postId,
    } as const;
    await emit(tx, { payload, audience: await adminsOf(tx, question) });
  },
};

/** Every kind of post members flag: a new kind is one entry. */
export const POST_KIND_RULES: Record<PostKind, PostKindRule> = {
  question: questionPosts,
  followUp: followUpPosts,
};
