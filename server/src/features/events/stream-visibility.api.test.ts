import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, type EventType, type StreamEvent } from '@lectern/shared';
import type {
  CourseLecturesAnswer,
  FollowUpList,
  StudentAnswerList,
  VideoWithQuestionsDto,
} from '@lectern/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { followUps, questions, responses, studentAnswers } from '../../db/schema';
import { audienceOfLectures, usersAudience } from '../../events/domain-event';
import { emitCourseChanged, emitLectureChanged } from '../../events/catalog-events';
import { publishNotice } from '../../events/notices';
import { emit } from '../../events/outbox';
import type { TestUser } from '../../../test/factories';
import { seedFollowUp, seedQuestion, seedResponse, seedStudentAnswer, seedVideo } from '../../../test/seed';
import { eventStreams } from '../../../test/fixture';
import { concurrentCopyOfLA } from '../../../test/concurrent-copy';
import type { EventStreamClient } from '../../../test/event-stream-client';
import { emitFollowUpChanged } from '../questions/follow-ups/follow-ups.events';
import { emitStudentAnswerChanged } from '../questions/student-answers/student-answers.events';
import type { StudentAnswerRecord } from '../questions/student-answers/student-answers.repository';
import type { FollowUpRecord } from '../questions/follow-ups/follow-ups.repository';
import { emitAutoCaptionsChanged } from '../captions/automatic/auto-captions.events';
import { emitMeetingEvent } from '../meetings/meeting-events';
import { emitQuestionEvent, questionAudience } from '../questions/question-events';
import type { QuestionRecord } from '../questions/questions.repository';
import { questionsWorldFixture } from '../questions/test/world';

// The evidence for the one visibility policy (issue 22): for every event type and every kind of reader,
// the stream delivers an event exactly when that reader may read, through the REST reads, the thing the
// event names. Each event is written the way its feature writes it (the feature's own emitter and
// audience) about rows that stay as they are, so the REST answer is the same before and after. Every
// stream follows the video VA1 (`?videoId=`), as a page showing it does: that is how a reader outside
// the course hears of its public answers. Live delivery and the replay after Last-Event-ID are both
// compared with the reads.

type Subject =
  | { kind: 'question'; question: QuestionRecord }
  /** An answered question's follow-ups (issue 24). */
  | { kind: 'followUps'; question: QuestionRecord }
  /** One follow-up, which once hidden is its author's and the course's admins' alone (issue 24). */
  | { kind: 'followUp'; question: QuestionRecord; followUpId: string }
  /** Students' answers to a question, read by the members of the lecture it was asked in (issue 24). */
  | { kind: 'studentAnswers'; question: QuestionRecord }
  /** One student answer, which once hidden is its author's and the course's admins' alone (issue 24). */
  | { kind: 'studentAnswer'; question: QuestionRecord; answerId: string }
  /** A WebRTC signal is a message to one peer: to them, about a question they may read. */
  | { kind: 'signal'; question: QuestionRecord; to: TestUser }
  | { kind: 'lecture'; lectureId: string; courseId: string }
  | { kind: 'course'; courseId: string }
  /** An answer video's automatic captions, which only those who may run them see (caption-access.ts). */
  | { kind: 'answerCaptions'; responseId: string }
  /** A video's processing state, which only the admins of a course holding it see. */
  | { kind: 'video'; videoId: string };

interface Scenario {
  type: EventType;
  subject: Subject;
  write(tx: Tx): Promise<void>;
}

/** What tells events apart, whatever their type (each type carries some of these). */
interface EventKey {
  type: StreamEvent['type'];
  questionId?: string;
  lectureId?: string;
  courseId?: string;
  videoId?: string;
  /** captions.automatic names its video (or answer) as `ownerId`. */
  ownerId?: string;
}

const keyOf = (e: EventKey) =>
  `${e.type} ${e.questionId ?? e.lectureId ?? e.courseId ?? e.videoId ?? e.ownerId}`;

describe('the event stream delivers exactly what the REST reads allow', () => {
  const { t, w } = questionsWorldFixture();
  const streams = eventStreams(t);
  /** Course T runs a concurrent copy (LT) of lecture LA: it holds LA's videos, and Tina administers only T. */
  let adminT: TestUser;
  let qAnsweredUnreleased: QuestionRecord;
  /** Answered, then hidden by A's admins (issue 24, flags): its asker's and A's admins' alone. */
  let qHidden: QuestionRecord;
  /** The video answering qHidden. */
  let hiddenQuestionAnswerId: string;
  /** A question of LA with a student answer by studentA2 that A's admins hid (issue 24, flags). */
  let qWithHiddenAnswer: QuestionRecord;
  let hiddenAnswer: StudentAnswerRecord;
  /** An answered question of LA by studentA, with studentA2's follow-up that A's admins hid (issue 24, flags). */
  let qWithHiddenFollowUp: QuestionRecord;
  let hiddenFollowUp: FollowUpRecord;
  /** The video answering hiddenFollowUp. */
  let followUpAnswerId: string;
  let VN: { id: string };
  let readers: [string, TestUser | null][];

  beforeAll(async () => {
    ({ adminT } = await concurrentCopyOfLA(t, w, [w.qAnswered.id, w.qOpen.id]));
    // Added to LA after the copy, so only LA holds it: a video still being processed is in one lecture.
    VN = await seedVideo(t.db, w.LA.id, { title: 'VN' });
    qAnsweredUnreleased = await seedQuestion(t.db, w.VU.id, w.users.studentA.id, { lectureId: w.LU.id });
    await seedResponse(t.db, qAnsweredUnreleased.id, w.media, w.users.adminA.id, t.clock.now());
    qHidden = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, { lectureId: w.LA.id });
    hiddenQuestionAnswerId = (await seedResponse(t.db, qHidden.id, w.media, w.users.adminA.id, t.clock.now()))
      .id;
    const hidden = await t.db
      .update(questions)
      .set({ hiddenAt: t.clock.now() })
      .where(eq(questions.id, qHidden.id))
      .returning();
    qHidden = hidden[0]!;
    qWithHiddenAnswer = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, { lectureId: w.LA.id });
    const answer = await seedStudentAnswer(t.db, qWithHiddenAnswer.id, w.users.studentA2.id);
    const hiddenAnswers = await t.db
      .update(studentAnswers)
      .set({ hiddenAt: t.clock.now() })
      .where(eq(studentAnswers.id, answer.id))
      .returning();
    hiddenAnswer = hiddenAnswers[0]!;
    qWithHiddenFollowUp = await seedQuestion(t.db, w.VA1.id, w.users.studentA.id, { lectureId: w.LA.id });
    await seedResponse(t.db, qWithHiddenFollowUp.id, w.media, w.users.adminA.id, t.clock.now());
    const answered = await t.db.select().from(questions).where(eq(questions.id, qWithHiddenFollowUp.id));
    qWithHiddenFollowUp = answered[0]!;
    const followUp = await seedFollowUp(t.db, qWithHiddenFollowUp.id, w.users.studentA2.id);
    const hiddenFollowUps = await t.db
      .update(followUps)
      .set({ hiddenAt: t.clock.now() })
      .where(eq(followUps.id, followUp.id))
      .returning();
    hiddenFollowUp = hiddenFollowUps[0]!;
    const [followUpAnswer] = await t.db
      .insert(responses)
      .values({ mediaSha256: w.media, posterId: w.users.adminA.id, title: 'Answer' })
      .returning();
    await t.db
      .update(followUps)
      .set({ answerResponseId: followUpAnswer!.id })
      .where(eq(followUps.id, followUp.id));
    followUpAnswerId = followUpAnswer!.id;
    const u = w.users;
    readers = [
      ['anonymous', null],
      ['signed-in stranger', u.outsider],
      ['student of the course', u.studentA2],
      ['student of another course', u.studentB],
      ['course admin', u.coAdminA],
      ['admin of a concurrent copy', adminT],
      ['the asker', u.studentA],
    ];
  });

  /** Every event type, written by its feature's emitter with the audience the feature gives it. */
  const scenarios = (): Scenario[] => {
    const question = (q: QuestionRecord): Subject => ({ kind: 'question', question: q });
    const ofQuestion = (
      type: Extract<EventType, `question.${string}` | 'vote.changed'>,
      q: QuestionRecord,
      isPublic: boolean,
    ): Scenario => ({
      type,
      subject: question(q),
      write: (tx) => emitQuestionEvent(tx, type, q, { public: isPublic }),
    });
    const meeting = (type: 'meeting.opened' | 'meeting.joined' | 'meeting.ended'): Scenario => ({
      type,
      subject: question(w.qOpen),
      write: (tx) => emitMeetingEvent(tx, type, w.qOpen),
    });
    const video = (type: 'video.processing' | 'video.ready' | 'video.failed'): Scenario => ({
      type,
      subject: { kind: 'video', videoId: VN.id },
      // As lecture-video.target.ts does: the admins of the lecture the video joins.
      write: (tx) =>
        emit(tx, {
          payload:
            type === 'video.failed'
              ? { type, videoId: VN.id, reason: 'unreadable' }
              : { type, videoId: VN.id },
          audience: audienceOfLectures('admins', [w.LA]),
        }),
    });
    const lecture = (l: typeof w.LA): Scenario => ({
      type: 'lecture.changed',
      subject: { kind: 'lecture', lectureId: l.id, courseId: l.courseId },
      write: (tx) => emitLectureChanged(tx, l),
    });
    return [
      // questions.service: an asked question is not public; an edit, a deletion or a status change is
      // public once the question is answered; an answer and a vote always are.
      ofQuestion('question.asked', w.qOpen, false),
      ofQuestion('question.asked', w.qUnreleased, false),
      ofQuestion('question.answered', w.qAnswered, true),
      ofQuestion('question.answered', qAnsweredUnreleased, true),
      ofQuestion('question.status', w.qOpenVA2, false),
      ofQuestion('question.edited', w.qOpen, false),
      ofQuestion('question.edited', w.qAnswered, true),
      ofQuestion('question.deleted', w.qB, false),
      ofQuestion('question.deleted', qAnsweredUnreleased, true),
      ofQuestion('vote.changed', w.qAnswered, true),
      // A hidden question's events, public or not, reach its asker and its course's admins only.
      ofQuestion('vote.changed', qHidden, true),
      meeting('meeting.opened'),
      meeting('meeting.joined'),
      meeting('meeting.ended'),
      {
        type: 'room.presence',
        subject: question(w.qOpen),
        write: (tx) =>
          questionAudience(tx, w.qOpen, 'admins').then((audience) =>
            emit(tx, {
              payload: {
                type: 'room.presence',
                videoId: w.qOpen.videoId,
                questionId: w.qOpen.id,
                waiting: true,
              },
              audience,
            }),
          ),
      },
      video('video.processing'),
      video('video.ready'),
      video('video.failed'),
      {
        type: 'captions.automatic',
        subject: { kind: 'video', videoId: VN.id },
        // As the transcription job does: the admins of the lectures holding the video.
        write: (tx) => emitAutoCaptionsChanged(tx, 'video', VN.id),
      },
      // A question's answer video: the admins of every course holding its video, a concurrent copy's too;
      // a hidden question's, the admins of its home course alone.
      ...[w.RA.id, hiddenQuestionAnswerId].map((responseId): Scenario => ({
        type: 'captions.automatic',
        subject: { kind: 'answerCaptions', responseId },
        write: (tx) => emitAutoCaptionsChanged(tx, 'response', responseId),
      })),
      // A follow-up's answer video: the admins of its question's home course, not a concurrent copy's.
      {
        type: 'captions.automatic',
        subject: { kind: 'answerCaptions', responseId: followUpAnswerId },
        write: (tx) => emitAutoCaptionsChanged(tx, 'response', followUpAnswerId),
      },
      // follow-ups.service: a follow-up's change, to those who may read the question's follow-ups.
      ...[w.qAnswered, qAnsweredUnreleased].map((q): Scenario => ({
        type: 'followup.changed',
        subject: { kind: 'followUps', question: q },
        write: (tx) => emitFollowUpChanged(tx, q, { id: randomUUID(), authorId: null, hiddenAt: null }),
      })),
      // A hidden follow-up's answer: to its author and the course's admins, not to the asker or classmates.
      {
        type: 'followup.changed',
        subject: { kind: 'followUp', question: qWithHiddenFollowUp, followUpId: hiddenFollowUp.id },
        write: (tx) => emitFollowUpChanged(tx, qWithHiddenFollowUp, hiddenFollowUp),
      },
      // A hidden question's follow-up: to its asker and the course's admins.
      {
        type: 'followup.changed',
        subject: { kind: 'followUps', question: qHidden },
        write: (tx) => emitFollowUpChanged(tx, qHidden, { id: randomUUID(), authorId: null, hiddenAt: null }),
      },
      // student-answers.service: to those who may read the question's student answers.
      ...[
        [w.qOpen, w.LA],
        [w.qUnreleased, w.LU],
      ].map(([q, home]): Scenario => ({
        type: 'studentanswer.changed',
        subject: { kind: 'studentAnswers', question: q as QuestionRecord },
        write: (tx) =>
          emitStudentAnswerChanged(tx, q as QuestionRecord, home as typeof w.LA, {
            id: randomUUID(),
            hiddenAt: null,
          }),
      })),
      // A hidden student answer's edit: to its author and the course's admins, not to the asker.
      {
        type: 'studentanswer.changed',
        subject: { kind: 'studentAnswer', question: qWithHiddenAnswer, answerId: hiddenAnswer.id },
        write: (tx) => emitStudentAnswerChanged(tx, qWithHiddenAnswer, w.LA, hiddenAnswer),
      },
      lecture(w.LA),
      lecture(w.LU),
      {
        type: 'course.changed',
        subject: { kind: 'course', courseId: w.A.id },
        write: (tx) => emitCourseChanged(tx, w.A.id),
      },
    ];
  };

  /** The room signal travels as a notice, not through the outbox (builtin-rooms.service.ts). */
  const signal = (): Scenario => ({
    type: 'room.signal',
    subject: { kind: 'signal', question: w.qOpen, to: w.users.studentA },
    write: (tx) =>
      publishNotice(tx, {
        kind: 'event',
        payload: {
          type: 'room.signal',
          questionId: w.qOpen.id,
          signal: { from: randomUUID(), to: randomUUID(), kind: 'offer', data: '{}' },
        },
        audience: usersAudience([w.users.studentA.id]),
      }),
  });

  const get = (who: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });

  const readsQuestion = async (who: TestUser | null, q: QuestionRecord) => {
    const res = await get(who, `/api/upload/${q.videoId}`);
    return res.statusCode === 200 && res.json<VideoWithQuestionsDto>().questions.some((x) => x.id === q.id);
  };

  /** Whether `who` may read, through REST, what the subject names. */
  async function reads(who: TestUser | null, subject: Subject): Promise<boolean> {
    switch (subject.kind) {
      case 'question':
        return readsQuestion(who, subject.question);
      case 'followUps':
        return (await get(who, `/api/questions/${subject.question.id}/follow-ups`)).statusCode === 200;
      case 'followUp': {
        const res = await get(who, `/api/questions/${subject.question.id}/follow-ups`);
        return (
          res.statusCode === 200 &&
          res.json<FollowUpList>().followUps.some((f) => f._id === subject.followUpId)
        );
      }
      case 'studentAnswers':
        return (await get(who, `/api/questions/${subject.question.id}/student-answers`)).statusCode === 200;
      case 'studentAnswer': {
        const res = await get(who, `/api/questions/${subject.question.id}/student-answers`);
        return (
          res.statusCode === 200 &&
          res.json<StudentAnswerList>().answers.some((a) => a._id === subject.answerId)
        );
      }
      case 'signal':
        return who?.id === subject.to.id && readsQuestion(who, subject.question);
      case 'lecture': {
        const res = await get(who, `/api/lectures/courseLectures/${subject.courseId}`);
        return (
          res.statusCode === 200 &&
          res.json<CourseLecturesAnswer>().lectures.some((l) => l.id === subject.lectureId)
        );
      }
      case 'course':
        return (await get(who, `/api/courses/${subject.courseId}`)).statusCode === 200;
      case 'video':
        return (await get(who, `/api/upload/contexts/${subject.videoId}`)).statusCode === 200;
      case 'answerCaptions':
        return (await get(who, `/api/captions/response/${subject.responseId}/automatic`)).statusCode === 200;
    }
  }

  const latestId = async () =>
    Number(
      (
        (await t.db.execute(sql`select coalesce(max(id), 0) as id from events`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows[0]!.id,
    );

  it('covers every event type of the shared schema', () => {
    const covered = new Set([...scenarios(), signal()].map((s) => s.type));
    expect([...covered].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('for every role: each event delivered names something it may read, each withheld one something it may not', async () => {
    const all = [signal(), ...scenarios()];
    const expected = new Map<string, Set<string>>();
    for (const [role, who] of readers) {
      const readable = new Set<string>();
      for (const s of all) if (await reads(who, s.subject)) readable.add(keyOf(eventOf(s)));
      expected.set(role, readable);
    }
    expect(new Set(all.map((s) => keyOf(eventOf(s)))).size).toBe(all.length);

    const before = await latestId();
    const live = new Map<string, EventStreamClient>();
    for (const [role, who] of readers) live.set(role, await streams.open(who, { videoId: w.VA1.id }));
    // The signal first, alone: a notice reaches every stream at once, so once its addressee has it,
    // any other stream would have it too.
    await t.db.transaction((tx) => signal().write(tx));
    await live.get('the asker')!.waitFor((e) => e.data.type === 'room.signal');
    await t.db.transaction(async (tx) => {
      for (const s of scenarios()) await s.write(tx);
    });
    // The last event, which every reader receives and replays (all follow VA1): once it is there, all
    // before it are.
    await t.db.transaction((tx) =>
      emitQuestionEvent(tx, 'question.answered', w.qAnswered, {
        public: true,
        extra: { responseId: 'sentinel' },
      }),
    );
    const sentinel = String(await latestId());
    const untilSentinel = async (stream: EventStreamClient) => {
      await stream.waitFor((e) => e.id === sentinel);
      return new Set(stream.events.filter((e) => e.id !== sentinel).map((e) => keyOf(e.data)));
    };

    for (const [role, who] of readers) {
      const stream = live.get(role)!;
      const received = await untilSentinel(stream);
      expect({ role, received: [...received].sort() }).toEqual({
        role,
        received: [...expected.get(role)!].sort(),
      });

      // A replay after Last-Event-ID carries the same events but notices; an anonymous follower
      // replays only the answers of its video (docs/decisions.md, replays).
      const replay = await streams.open(who, { videoId: w.VA1.id, lastEventId: String(before) });
      const replayed = await untilSentinel(replay);
      const outbox = [...received].filter(
        (k) => !k.startsWith('room.signal') && (who !== null || k.startsWith('question.answered')),
      );
      expect({ role, replayed: [...replayed].sort() }).toEqual({ role, replayed: outbox.sort() });
    }
    // Every kind of reader received something, and none received everything: the check has teeth.
    for (const [role] of readers) expect(expected.get(role)!.size, role).toBeGreaterThan(0);
    for (const [role] of readers) expect(expected.get(role)!.size, role).toBeLessThan(all.length);
  });
});

/** The fields of the event a scenario writes that tell it apart from the others. */
function eventOf(s: Scenario): EventKey {
  switch (s.subject.kind) {
    case 'question':
    case 'followUps':
    case 'followUp':
    case 'studentAnswers':
    case 'studentAnswer':
    case 'signal':
      return { type: s.type, questionId: s.subject.question.id };
    case 'lecture':
      return { type: s.type, lectureId: s.subject.lectureId };
    case 'course':
      return { type: s.type, courseId: s.subject.courseId };
    case 'video':
      return { type: s.type, videoId: s.subject.videoId };
    case 'answerCaptions':
      return { type: s.type, ownerId: s.subject.responseId };
  }
}
