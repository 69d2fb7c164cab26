import { MeetingParams, MeetingQuery, RecordResponseAnswer, StartMeetingAnswer } from '@lectern/shared';
import { currentUser } from '../../plugins/auth';
import { NO_CONTENT } from '../../plugins/openapi';
import { type Feature, typed } from '../feature';
import { OPEN_LIVE_ROOM_JOB, type OpenLiveRoomPayload } from '../questions/public';
import { registerBbbRoutes } from './bbb/bbb.routes';
import { chooseMeetingProvider } from './choose-provider';
import { registerMeetingsService } from './meetings.registry';
import { createMeetingsService } from './meetings.service';
import { CLOSE_ROOMS_EVERY_MS, CLOSE_ROOMS_JOB, closeOverdueRooms } from './room-lifetime';

// SPEC §7 GET /api/bbb/startMeeting and /api/bbb/recordResponse (the names stay whichever provider runs),
// and an instructor's end of a room.
export const meetingsRoutes: Feature = (app, deps) => {
  const { provider, bbb } = chooseMeetingProvider(deps);
  const meetings = createMeetingsService(deps, provider);
  registerMeetingsService(deps, meetings);
  const r = typed(app);
  const user = { auth: 'user' } as const;

  deps.jobs.handle<OpenLiveRoomPayload>(OPEN_LIVE_ROOM_JOB, async ({ payload }) => {
    await meetings.openLiveRoom(payload.questionId);
  });
  deps.jobs.every(CLOSE_ROOMS_JOB, CLOSE_ROOMS_EVERY_MS, async () => {
    await closeOverdueRooms(deps, meetings);
  });

  registerBbbRoutes(app, deps, bbb);

  r.get(
    '/api/bbb/startMeeting',
    { schema: { querystring: MeetingQuery, response: { 200: StartMeetingAnswer } }, config: user },
    async (req) => meetings.startMeeting(currentUser(req), req.query.questionID),
  );

  r.get(
    '/api/bbb/recordResponse',
    { schema: { querystring: MeetingQuery, response: { 200: RecordResponseAnswer } }, config: user },
    async (req) => meetings.recordResponse(currentUser(req), req.query.questionID),
  );

  r.post(
    '/api/meetings/:questionId/end',
    { schema: { params: MeetingParams }, config: { ...user, rawAnswer: NO_CONTENT } },
    async (req, reply) => {
      await meetings.endRoom(currentUser(req), req.params.questionId);
      return reply.code(204).send();
    },
  );
};
