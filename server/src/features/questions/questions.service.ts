import { eq } from 'drizzle-orm';
import type {
  CreateQuestionBody,
  QuestionDto,
  StatusBody,
  UpdateQuestionBody,
  VoteBody,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { questions } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { coursesOfUser, findCourse, lectureRole } from '../access/public';
import { deleteUnreferencedMediaRows, removeUnreferencedMedia } from '../media/public';
import { sentenceMeaning } from '../suggestions/public';
import type { VideosFeature } from '../videos/public';
import { withdrawBorrowedAnswer } from './answer-links';
import { isInLiveWindow } from './live-window';
import { requestLiveRoom } from './live-room';
import { emitQuestionEvent } from './question-events';
import { mailNewQuestion } from './questions.mail';
import { toQuestionDto } from './questions.mapper';
import {
  deleteQuestion,
  deleteResponseIfUnused,
  findVote,
  insertQuestion,
  lockQuestion,
  updateQuestion,
  writeVote,
} from './questions.repository';
import { listQuestions } from './question-list.query';
import {
  isQuestionAdmin,
  loadQuestion,
  requireQuestionAdmin,
  requireQuestionMember,
  videoRole,
} from './question-access';
import { RecentVotes, nextVote } from './votes';
import type { LectureQuestionsCache } from './lecture-questions.cache';

/** The server acts as the token's user (DESIGN §5.1). */
export function assertSelf(caller: AuthUser, userId: string | undefined): void {
  if (userId !== undefined && userId !== caller.id) throw forbidden('You can only act as yourself');
}

/** A time must lie inside the video (SECURITY VAL-1); one second of slack for the player's rounding. */
function assertWithinVideo(seconds: number, durationSeconds: number | null): void {
  if (durationSeconds !== null && seconds > durationSeconds + 1) throw badRequest('Invalid time');
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;

export function createQuestionsService(
  deps: AppDeps,
  cache: Pick<LectureQuestionsCache<unknown>, 'clear'>,
  videos: VideosFeature,
) {
  const { db, clock } = deps;

  /** One question as this caller may see it, in the lecture it was asked in. */
  async function dto(caller: AuthUser, questionId: string): Promise<QuestionDto> {
    const [row] = await listQuestions(db, {
      context: { kind: 'asked' },
      callerId: caller.id,
      where: eq(questions.id, questionId),
    });
    if (!row) throw notFound('Question not found');
    return toQuestionDto(deps, row, { callerId: caller.id, courses: await coursesOfUser(db, caller.id) });
  }

  /**
   * Runs `work` in a transaction; the answer it reports as replaced goes if no question uses it any
   * more, and then its file if nothing else uses that (after commit, so a rollback loses no file).
   */
  async function withResponseCleanup<T>(
    work: (tx: Tx) => Promise<{ result: T; replaced: string | null }>,
  ): Promise<T> {
    const { result, goneMedia } = await db.transaction(async (tx) => {
      const { result, replaced } = await work(tx);
      if (replaced === null) return { result, goneMedia: [] };
      const goneMedia = await deleteUnreferencedMediaRows(tx, [await deleteResponseIfUnused(tx, replaced)]);
      return { result, goneMedia };
    });
    cache.clear();
    await removeUnreferencedMedia(db, deps.media, goneMedia);
    return result;
  }

  return {
    dto,
    withResponseCleanup,

    async create(caller: AuthUser, body: CreateQuestionBody): Promise<QuestionDto> {
      assertSelf(caller, body.userID);
      const now = clock();
      const { role, lectures, memberLecture } = await videoRole(db, caller, body.videoId, now);
      let lecture = memberLecture;
      if (body.lectureId !== undefined) {
        lecture = lectures.find((l) => l.id === body.lectureId) ?? null;
        if (!lecture) throw notFound('Lecture not found');
        // The caller must belong to that very lecture (its course, or the lecture itself).
        if ((await lectureRole(db, caller, lecture)) === 'none') throw forbidden('Join this course first');
      }
      if (role === 'none' || !lecture) throw forbidden('Join this course first');
      const video = await videos.findVideo(body.videoId);
      if (!video) throw notFound('Video not found');
      assertWithinVideo(body.time, video.durationSeconds);

      // Live only inside the lecture's live window, whatever the client says (SPEC §4).
      const live = body.live && isInLiveWindow(lecture, now);
      const course = await findCourse(db, lecture.courseId);
      // Encoded before the transaction: ~15 ms on the encoder's thread, while no connection is held.
      const meaning = await sentenceMeaning(body.question);
      const question = await db.transaction(async (tx) => {
        const question = await insertQuestion(tx, {
          videoId: video.id,
          lectureId: lecture.id,
          askerId: caller.id,
          question: body.question,
          meaning,
          timeAsked: body.time,
          timePosted: now,
          live,
          status: live ? 'live' : null,
          anonymous: body.anonymous,
        });
        await emitQuestionEvent(tx, 'question.asked', question, {
          public: false,
          extra: { status: question.status },
        });
        if (live) await requestLiveRoom(deps, tx, question.id);
        await mailNewQuestion(
          deps,
          tx,
          { ...question, askerId: caller.id, askerName: caller.name },
          { courseId: lecture.courseId, courseName: course?.name ?? '', title: lecture.title },
        );
        return question;
      });
      cache.clear();
      return dto(caller, question.id);
    },

    /**
     * Admins of its home course: any; the asker: their own; other members and a concurrent copy's admins:
     * answered ones only (404 otherwise; issue 20).
     */
    async get(caller: AuthUser, questionId: string): Promise<QuestionDto> {
      const loaded = await loadQuestion(db, caller, questionId, clock());
      const { question, role } = loaded;
      if (role === 'none') throw forbidden('Join this course first');
      const shown = question.responseId !== null || question.askerId === caller.id;
      if (!shown && !(await isQuestionAdmin(db, caller, loaded))) throw notFound('Question not found');
      return dto(caller, questionId);
    },

    async update(caller: AuthUser, questionId: string, body: UpdateQuestionBody): Promise<QuestionDto> {
      const { question } = await requireQuestionAdmin(db, caller, questionId, clock());
      const video = await videos.findVideo(question.videoId);
      assertWithinVideo(body.timeAsked, video?.durationSeconds ?? null);
      const reworded = body.question !== question.question;
      const meaning = reworded ? await sentenceMeaning(body.question) : question.meaning;
      await withResponseCleanup(async (tx) => {
        // Questions answered with this answer borrowed it: they wait again (issue 24).
        if (body.deleteResponse) await withdrawBorrowedAnswer(deps, tx, question);
        await updateQuestion(tx, questionId, {
          question: body.question,
          meaning,
          topic: body.topic,
          level: body.level,
          timeAsked: body.timeAsked,
          // Delete Response returns the question to unanswered (SPEC §4).
          ...(body.deleteResponse ? { responseId: null, answeredAt: null, status: null } : {}),
        });
        await emitQuestionEvent(tx, 'question.edited', question, { public: question.responseId !== null });
        return { result: undefined, replaced: body.deleteResponse ? question.responseId : null };
      });
      return dto(caller, questionId);
    },

    async remove(caller: AuthUser, questionId: string): Promise<void> {
      const { question } = await requireQuestionAdmin(db, caller, questionId, clock());
      await withResponseCleanup(async (tx) => {
        await withdrawBorrowedAnswer(deps, tx, question);
        await deleteQuestion(tx, questionId);
        await emitQuestionEvent(tx, 'question.deleted', question, { public: question.responseId !== null });
        return { result: undefined, replaced: question.responseId };
      });
    },

    /** The meeting-end landing marks a question whose answer is being processed (SPEC §4). */
    async setStatus(caller: AuthUser, questionId: string, body: StatusBody): Promise<QuestionDto> {
      const { question } = await requireQuestionAdmin(db, caller, questionId, clock());
      await db.transaction(async (tx) => {
        await updateQuestion(tx, questionId, { status: body.status });
        await emitQuestionEvent(tx, 'question.status', question, {
          public: question.responseId !== null,
          extra: { status: body.status },
        });
      });
      cache.clear();
      return dto(caller, questionId);
    },

    /** DESIGN §5.6 toggle; a burst of the same click counts once (SECURITY AC-12). */
    async vote(caller: AuthUser, questionId: string, body: VoteBody): Promise<QuestionDto> {
      assertSelf(caller, body.userId);
      const now = clock();
      const { question } = await requireQuestionMember(db, caller, questionId, now);
      if (question.responseId === null) throw badRequest('Only answered questions can be rated');
      const key = `${questionId}:${caller.id}`;
      await db.transaction(async (tx) => {
        if (!(await lockQuestion(tx, questionId))) throw notFound('Question not found');
        const recentVotes = new RecentVotes(deps.shared.counters.within(tx));
        if (await recentVotes.isRepeat(key, body.voteOptions, now)) return;
        const current = await findVote(tx, questionId, caller.id);
        await writeVote(tx, questionId, caller.id, nextVote(current, body.voteOptions));
        // The total changed; who voted is never part of an event (DESIGN §5.3).
        await emitQuestionEvent(tx, 'vote.changed', question, { public: true });
        await recentVotes.record(key, body.voteOptions, now);
      });
      cache.clear();
      return dto(caller, questionId);
    },
  };
}
