import type { FastifyInstance } from 'fastify';
import {
  EndMeetingBody,
  MeetingParams,
  MeetingQuery,
  RecordResponseAnswer,
  StartMeetingAnswer,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/auth';
import { NO_CONTENT } from '../../plugins/openapi';
import { typed } from '../feature';
import { OPEN_LIVE_ROOM_JOB, type OpenLiveRoomPayload, type QuestionsFeature } from '../questions/public';
import type { BbbClient } from './bbb/bbb-client';
import { registerBbbRoutes } from './bbb/bbb.routes';
import type { MeetingsService } from './meetings.service';
import { CLOSE_ROOMS_EVERY_MS, CLOSE_ROOMS_JOB, closeOverdueRooms } from './room-lifetime';

// SPEC §7 GET /api/bbb/startMeeting and /api/bbb/recordResponse (the names stay whichever provider runs)
// with their POST twins, and an instructor's end of a room.
export const meetingsRoutes = (
  app: FastifyInstance,
  deps: AppDeps,
  meetings: MeetingsService,
  bbb: BbbClient | null,
  questions: QuestionsFeature,
) => {
  const r = typed(app);
  const user = { auth: 'user' } as const;

  deps.jobs.handle<OpenLiveRoomPayload>(OPEN_LIVE_ROOM_JOB, async ({ payload }) => {
    await meetings.openLiveRoom(payload.questionId);
  });
  deps.jobs.every(CLOSE_ROOMS_JOB, CLOSE_ROOMS_EVERY_MS, async () => {
    await closeOverdueRooms(deps, meetings);
  });

  registerBbbRoutes(app, deps, bbb, questions);

  // The spec's GET routes change state (they open a room), so each has a POST twin taking the same fields
  // as a JSON body: the web app uses the POSTs; the GETs stay for the spec's clients.
  const start = { response: { 200: StartMeetingAnswer } };
  const record = { response: { 200: RecordResponseAnswer } };
  r.get(
    '/api/bbb/startMeeting',
    { schema: { ...start, querystring: MeetingQuery }, config: user },
    async (req) => meetings.startMeeting(currentUser(req), req.query.questionID),
  );
  r.post('/api/bbb/startMeeting', { schema: { ...start, body: MeetingQuery }, config: user }, async (req) =>
    meetings.startMeeting(currentUser(req), req.body.questionID),
  );
  r.get(
    '/api/bbb/recordResponse',
    { schema: { ...record, querystring: MeetingQuery }, config: user },
    async (req) => meetings.recordResponse(currentUser(req), req.query.questionID),
  );
  r.post(
    '/api/bbb/recordResponse',
    { schema: { ...record, body: MeetingQuery }, config: user },
    async (req) => meetings.recordResponse(currentUser(req), req.body.questionID),
  );

  r.post(
    '/api/meetings/:questionId/end',
    { schema: { params: MeetingParams, body: EndMeetingBody }, config: { ...user, rawAnswer: NO_CONTENT } },
    async (req, reply) => {
      const discard = req.body?.recording === 'discard';
      await meetings.endRoom(currentUser(req), req.params.questionId, discard ? 'unrecorded' : 'recorded');
      return reply.code(204).send();
    },
  );
};
