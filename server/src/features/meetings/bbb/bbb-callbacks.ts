import type { AppDeps } from '../../../app-deps';
import { conflict, forbidden, gone, notFound, unauthorized } from '../../../lib/errors';
import { findMeeting, findMeetingByMeetingId, lockMeeting, updateMeeting } from '../meetings.repository';
import type { MeetingRow } from '../meetings.repository';
import type { QuestionsFeature, RoomOutcome } from '../../questions/public';
import { settleEndedRoom } from '../room-outcome';
import { endTokenMatches } from './end-token';
import { verifyHs256 } from './jwt';
import {
  IMPORT_RECORDING_ATTEMPTS,
  IMPORT_RECORDING_JOB,
  type ImportRecordingPayload,
} from './recording-import';

// What BigBlueButton tells Lectern (BBB §2). Nothing unsigned, forged or replayed changes anything:
// the end callback needs the room's own token (403), the recording-ready one a JWT signed with the
// shared secret (401), once per recording (409).

/** Only a room an instructor came to (or one for recording an answer) is worth a recording. */
const attended = (meeting: MeetingRow) =>
  meeting.purpose === 'recording' || meeting.instructorJoinedAt !== null;

export function createBbbCallbacks(deps: AppDeps, secret: string, questions: QuestionsFeature) {
  const { db } = deps;

  return {
    /** GET meta_endCallbackUrl + recordingmarks: the meeting ended on BigBlueButton. Idempotent. */
    async meetingEnded(questionId: string, token: string, recordingMarks: boolean): Promise<void> {
      const meeting = await findMeeting(db, questionId);
      if (!meeting || meeting.provider !== 'bigbluebutton') throw notFound('No such meeting');
      if (!endTokenMatches(token, meeting.endTokenHash)) throw forbidden('Invalid meeting token');
      const outcome: RoomOutcome = !attended(meeting)
        ? 'unattended'
        : recordingMarks
          ? 'recorded'
          : 'unrecorded';
      await db.transaction((tx) => settleEndedRoom(deps, questions, tx, questionId, outcome));
    },

    /** POST signed_parameters: a recording is published; its import is queued once. */
    async recordingReady(signedParameters: string | undefined): Promise<void> {
      if (!signedParameters) throw unauthorized('Missing signed_parameters');
      const verdict = verifyHs256(signedParameters, secret, deps.clock().getTime());
      if (!verdict.ok) throw unauthorized(`Invalid signed_parameters (${verdict.reason})`);
      const { meeting_id: meetingId, record_id: recordId } = verdict.payload;
      if (typeof meetingId !== 'string' || typeof recordId !== 'string')
        throw unauthorized('Invalid signed_parameters (malformed)');
      const found = await findMeetingByMeetingId(db, meetingId);
      // 410 tells BigBlueButton to stop: the question is gone, or nobody answered in that room.
      if (!found || !attended(found)) throw gone('No answer is waiting for this recording');
      await db.transaction(async (tx) => {
        const meeting = await lockMeeting(tx, found.questionId);
        if (!meeting) throw gone('No answer is waiting for this recording');
        if (meeting.recordId === recordId) throw conflict('This recording was already received');
        await updateMeeting(tx, meeting.questionId, { recordId });
        const payload: ImportRecordingPayload = { questionId: meeting.questionId, recordId };
        await deps.jobs.enqueue(tx, IMPORT_RECORDING_JOB, payload, {
          maxAttempts: IMPORT_RECORDING_ATTEMPTS,
        });
      });
    },
  };
}
