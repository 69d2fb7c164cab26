import type { AppDeps } from '../../../app-deps';
import { findMeeting, updateMeeting } from '../meetings.repository';
import type { MeetingProvider, RoomSpec } from '../provider';
import { MeetingProviderError } from '../provider';
import { BbbFailure, type BbbClient } from './bbb-client';
import { endTokenOf, hashToken } from './end-token';
import { text } from './xml';

// One BigBlueButton meeting per question (issue 10), recorded from start to end. Callbacks come back to
// Lectern: the end callback with the room's token, the recording-ready one signed with the secret.

export const END_CALLBACK_PATH = '/api/bbb/meetingEnded';
export const RECORDING_READY_PATH = '/api/bbb/recordingReady';

/** BigBlueButton 2.4 takes 2–64 characters as a meeting name. */
const meetingName = (question: string) => {
  const flat = question.replace(/\s+/g, ' ').trim();
  return (flat.length > 64 ? `${flat.slice(0, 63)}…` : flat).padEnd(2, '.');
};

export function createBbbProvider(deps: AppDeps, client: BbbClient, secret: string): MeetingProvider {
  const { db } = deps;
  const publicUrl = deps.config.publicUrl;

  async function recordedRoom(room: RoomSpec) {
    const meeting = await findMeeting(db, room.questionId);
    if (!meeting) throw new MeetingProviderError('The room is not recorded', 502);
    return meeting;
  }

  return {
    kind: 'bigbluebutton',

    // `create` is idempotent for a running meeting (duplicateWarning, same createTime); after
    // BigBlueButton dropped an empty one it makes a new session, whose createTime is then kept.
    async open(room) {
      const meeting = await recordedRoom(room);
      const token = endTokenOf(secret, meeting);
      const xml = await client.call('create', {
        name: meetingName(room.name),
        meetingID: meeting.meetingId,
        record: 'true',
        autoStartRecording: 'true',
        allowStartStopRecording: 'false',
        logoutURL: `${publicUrl}/handleBBBMeetingEnd/${room.questionId}`,
        meta_endCallbackUrl: `${publicUrl}${END_CALLBACK_PATH}/${room.questionId}?token=${token}`,
        'meta_bbb-recording-ready-url': `${publicUrl}${RECORDING_READY_PATH}`,
        'meta_bbb-origin': 'Lectern',
      });
      const createTime = text(xml, 'createTime');
      if (!createTime) throw new MeetingProviderError('BigBlueButton create gave no createTime', 502);
      await updateMeeting(db, room.questionId, { createTime, endTokenHash: hashToken(token) });
    },

    async joinUrl(room, who) {
      const meeting = await recordedRoom(room);
      if (!meeting.createTime) throw new MeetingProviderError('The room was never created', 502);
      return client.url('join', {
        fullName: who.fullName,
        meetingID: meeting.meetingId,
        role: who.role === 'instructor' ? 'MODERATOR' : 'VIEWER',
        userID: who.userId,
        createTime: meeting.createTime,
      });
    },

    async end(room) {
      const meeting = await findMeeting(db, room.questionId);
      if (!meeting) return;
      try {
        await client.call('end', { meetingID: meeting.meetingId });
      } catch (error) {
        // Already gone on BigBlueButton's side: ended is what was asked.
        if (!(error instanceof BbbFailure && error.messageKey === 'notFound')) throw error;
      }
    },
  };
}
