import { ERRORS, type RecordResponseAnswer, type StartMeetingAnswer } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { badGateway, conflict, forbidden, gatewayTimeout, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  type QuestionRecord,
  type QuestionsFeature,
  type RoomOutcome,
  isQuestionAdmin,
  loadQuestion,
} from '../questions/public';
import { emitMeetingEvent } from './meeting-events';
import {
  type MeetingPurpose,
  type MeetingRow,
  findMeeting,
  lockMeeting,
  updateMeeting,
  upsertOpenMeeting,
} from './meetings.repository';
import { type MeetingProvider, MeetingProviderError, type RoomParticipant, type RoomSpec } from './provider';
import { settleEndedRoom } from './room-outcome';

// A question's room (issue 10): only its asker and the admins of the course it was asked in may enter;
// a room is bound to its question and useless once ended. Opening records the room (the provider reads
// it), then asks the provider; one that fails ends the room again, and the question keeps its status,
// answerable by upload.

export interface RoomAccess {
  role: RoomParticipant['role'];
  fullName: string;
  meeting: MeetingRow;
}

/** BigBlueButton's meetingID of a question's room: one meeting per question (issue 10). */
export const meetingIdOf = (questionId: string) => `lectern-${questionId}`;

export const roomSpecOf = (
  question: Pick<QuestionRecord, 'id' | 'question'>,
  purpose: MeetingPurpose,
): RoomSpec => ({
  questionId: question.id,
  name: question.question,
  purpose,
});

export type MeetingsService = ReturnType<typeof createMeetingsService>;

export function createMeetingsService(deps: AppDeps, provider: MeetingProvider, questions: QuestionsFeature) {
  const { db, clock } = deps;

  /** Ends the question's open room with `outcome`; false when it was not open. */
  const settleRoom = (questionId: string, outcome: RoomOutcome) =>
    db.transaction((tx) => settleEndedRoom(deps, questions, tx, questionId, outcome));

  /** The spec's error for a provider that failed (502) or did not answer in time (504). */
  function startFailed(error: unknown): Error {
    const message = provider.kind === 'bigbluebutton' ? ERRORS.bbbStartFailed : ERRORS.builtinStartFailed;
    const timedOut = error instanceof MeetingProviderError && error.status === 504;
    return timedOut ? gatewayTimeout(message) : badGateway(message);
  }

  /**
   * 404 unknown or hidden question; 403 for anyone but its asker and the admins of the course it was
   * asked in (an admin of a concurrent copy of its lecture is not one: issue 20).
   */
  async function participant(user: AuthUser, questionId: string) {
    const loaded = await loadQuestion(db, user, questionId, clock());
    const { question } = loaded;
    if (await isQuestionAdmin(db, user, loaded)) return { question, role: 'instructor' as const };
    if (question.askerId === user.id) return { question, role: 'student' as const };
    throw forbidden('Only the asker and the course administrators can enter this room');
  }

  async function openMeeting(questionId: string): Promise<MeetingRow | null> {
    const meeting = await findMeeting(db, questionId);
    return meeting?.status === 'open' ? meeting : null;
  }

  /**
   * Records the question's room as open and opens it with the provider; a room already open is opened
   * again there (harmless; BigBlueButton may have dropped an empty meeting) and keeps its purpose.
   */
  async function openRoom(question: QuestionRecord, purpose: MeetingPurpose): Promise<MeetingRow> {
    const existing = await openMeeting(question.id);
    const room = roomSpecOf(question, existing?.purpose ?? purpose);
    const row = existing ?? (await recordOpened(question, purpose));
    try {
      await provider.open(room);
    } catch (error) {
      if (!existing) await settleRoom(question.id, 'failed');
      throw startFailed(error);
    }
    return row;
  }

  async function recordOpened(question: QuestionRecord, purpose: MeetingPurpose): Promise<MeetingRow> {
    return db.transaction(async (tx) => {
      const current = await lockMeeting(tx, question.id);
      if (current?.status === 'open') return current;
      const row = await upsertOpenMeeting(tx, {
        questionId: question.id,
        provider: provider.kind,
        purpose,
        openedAt: clock(),
        meetingId: meetingIdOf(question.id),
        endTokenHash: null,
      });
      await emitMeetingEvent(tx, 'meeting.opened', question);
      return row;
    });
  }

  async function markInstructorJoined(questionId: string, instructorId?: string): Promise<void> {
    await db.transaction(async (tx) => {
      const meeting = await lockMeeting(tx, questionId);
      if (meeting?.status !== 'open' || meeting.instructorJoinedAt) return;
      await updateMeeting(tx, questionId, {
        instructorJoinedAt: clock(),
        instructorId: instructorId ?? null,
      });
      const question = await questions.find(tx, questionId);
      if (question) await emitMeetingEvent(tx, 'meeting.joined', question);
    });
  }

  const joinAs = (room: RoomSpec, user: AuthUser, role: RoomParticipant['role']) =>
    provider.joinUrl(room, { userId: user.id, fullName: user.name, role }).catch((error: unknown) => {
      throw startFailed(error);
    });

  return {
    provider,
    /** The questions feature the rooms belong to (app.questions). */
    questions,
    openRoom,
    settleRoom,
    participantOf: participant,

    /** Who may enter the question's open room, and as whom; 404 when it has none (an ended room included). */
    async roomAccess(user: AuthUser, questionId: string): Promise<RoomAccess> {
      const { role } = await participant(user, questionId);
      const meeting = await openMeeting(questionId);
      if (!meeting) throw notFound('This question has no open room');
      return { role, fullName: user.name, meeting };
    },

    /** The job a live question queues when it is asked: its room opens at once (retried if the provider fails). */
    async openLiveRoom(questionId: string): Promise<void> {
      const question = await questions.find(db, questionId);
      if (question?.status === 'live') await openRoom(question, 'discussion');
    },

    /** The first instructor entering the room: it is attended, and the waiting student hears of it. */
    markInstructorJoined,

    /** GET /api/bbb/startMeeting: the live question's room, opened if need be; each caller gets their own URL. */
    async startMeeting(user: AuthUser, questionId: string): Promise<StartMeetingAnswer> {
      const { question, role } = await participant(user, questionId);
      const open = await openMeeting(questionId);
      if (!open && question.status !== 'live') throw conflict('This question has no live discussion');
      const meeting = await openRoom(question, 'discussion');
      const room = roomSpecOf(question, meeting.purpose);
      if (role === 'student') return { studentURL: await joinAs(room, user, 'student'), professorURL: '' };
      const professorURL = await joinAs(room, user, 'instructor');
      await markInstructorJoined(questionId, user.id);
      return { studentURL: '', professorURL };
    },

    /** GET /api/bbb/recordResponse: a room for the instructor alone (or the question's open room). */
    async recordResponse(user: AuthUser, questionId: string): Promise<RecordResponseAnswer> {
      const { question, role } = await participant(user, questionId);
      if (role !== 'instructor') throw forbidden('Only the course administrators can do that');
      const meeting = await openRoom(question, 'recording');
      const professorURL = await joinAs(roomSpecOf(question, meeting.purpose), user, 'instructor');
      await markInstructorJoined(questionId, user.id);
      return { professorURL };
    },

    /**
     * An instructor ends the room for everyone; the question waits for the recording (processing), or,
     * when they discard it, for an uploaded answer.
     */
    async endRoom(
      user: AuthUser,
      questionId: string,
      outcome: Extract<RoomOutcome, 'recorded' | 'unrecorded'> = 'recorded',
    ): Promise<void> {
      const { question, role } = await participant(user, questionId);
      if (role !== 'instructor') throw forbidden('Only the course administrators can do that');
      const meeting = await openMeeting(questionId);
      if (!meeting) return; // already ended: harmless
      await provider.end(roomSpecOf(question, meeting.purpose)).catch(() => {
        throw badGateway('The meeting could not be ended. Please try again.');
      });
      await settleRoom(questionId, outcome);
    },
  };
}
