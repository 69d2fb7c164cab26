import type { FastifyInstance } from 'fastify';
import {
  Id,
  JoinRoomResponse,
  ROOM_MAX_SIGNAL_BYTES,
  RoomPeerBody,
  RoomPresence,
  RoomSignalBody,
  RoomState,
} from '@lectern/shared';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { PER_MINUTE } from '../../../plugins/rate-limit';
import { currentUser } from '../../../plugins/auth';
import { NO_CONTENT } from '../../../plugins/openapi';
import { typed } from '../../feature';
import type { MeetingsService } from '../meetings.service';
import { createBuiltinRooms } from './builtin-rooms.service';

const RoomParams = z.strictObject({ questionId: Id });
/** The largest signal, JSON-escaped, and its envelope. */
const SIGNAL_BODY_LIMIT = 2 * ROOM_MAX_SIGNAL_BYTES + 1024;
/** A negotiation is an offer, an answer and a dozen candidates; renegotiations and restarts add a few. */
const SIGNALS_PER_MINUTE = 300;
/** How often silent peers are marked gone: a student whose tab died shows as left within ~40 s. */
export const FORGET_SILENT_PEERS_JOB = 'rooms.forget-silent-peers';
const FORGET_SILENT_PEERS_EVERY_MS = 10_000;

/**
 * The built-in room's signalling routes (shared/schemas/rooms.ts); the meetings service's
 * POST /api/meetings/{questionId}/end ends the room.
 */
export const builtinRoomsRoutes = (app: FastifyInstance, deps: AppDeps, meetings: MeetingsService) => {
  const rooms = createBuiltinRooms(deps, meetings);
  const r = typed(app);
  const user = { auth: 'user' } as const;

  deps.jobs.every(FORGET_SILENT_PEERS_JOB, FORGET_SILENT_PEERS_EVERY_MS, () => rooms.forgetSilentPeers());

  r.get(
    '/api/rooms/:questionId/presence',
    { schema: { params: RoomParams, response: { 200: RoomPresence } }, config: user },
    async (req) => rooms.presence(currentUser(req), req.params.questionId),
  );

  r.post(
    '/api/rooms/:questionId/join',
    { schema: { params: RoomParams, response: { 200: JoinRoomResponse } }, config: user },
    async (req) => rooms.join(currentUser(req), req.params.questionId),
  );

  r.post(
    '/api/rooms/:questionId/heartbeat',
    { schema: { params: RoomParams, body: RoomPeerBody, response: { 200: RoomState } }, config: user },
    async (req) => rooms.heartbeat(currentUser(req), req.params.questionId, req.body.peerId),
  );

  r.post(
    '/api/rooms/:questionId/signal',
    {
      schema: { params: RoomParams, body: RoomSignalBody },
      bodyLimit: SIGNAL_BODY_LIMIT,
      config: {
        ...user,
        rawAnswer: NO_CONTENT,
        rateLimit: { max: SIGNALS_PER_MINUTE, timeWindow: PER_MINUTE },
      },
    },
    async (req, reply) => {
      await rooms.signal(currentUser(req), req.params.questionId, req.body);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/rooms/:questionId/leave',
    { schema: { params: RoomParams, body: RoomPeerBody }, config: { ...user, rawAnswer: NO_CONTENT } },
    async (req, reply) => {
      await rooms.leave(currentUser(req), req.params.questionId, req.body.peerId);
      return reply.code(204).send();
    },
  );
};
