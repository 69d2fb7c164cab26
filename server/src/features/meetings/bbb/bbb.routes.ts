import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MeetingParams, OkAnswer } from '@lectern/shared';
import type { AppDeps } from '../../../app-deps';
import { notFound } from '../../../lib/errors';
import { typed } from '../../feature';
import type { QuestionsFeature } from '../../questions/public';
import { createBbbCallbacks } from './bbb-callbacks';
import type { BbbClient } from './bbb-client';
import { END_CALLBACK_PATH, RECORDING_READY_PATH } from './bbb-provider';
import { IMPORT_RECORDING_JOB, type ImportRecordingPayload, importRecordingJob } from './recording-import';

// BigBlueButton's callbacks (BBB §2). They are always routed, so the API is the same whichever provider
// runs; without BigBlueButton configured they answer 404. Neither needs a login: the end callback carries
// the room's token, the recording-ready one a JWT signed with the shared secret.

const EndQuery = z.object({
  token: z.string().max(200).default(''),
  recordingmarks: z.enum(['true', 'false']).optional(),
});
const ReadyBody = z.object({ signed_parameters: z.string().max(8192).optional() }).optional();

export function registerBbbRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  client: BbbClient | null,
  questions: QuestionsFeature,
): void {
  const secret = deps.config.bbb?.secret;
  const callbacks = secret ? createBbbCallbacks(deps, secret, questions) : null;
  const r = typed(app);
  const callback = { auth: 'public' } as const;
  const configured = () => {
    if (!callbacks) throw notFound('BigBlueButton is not configured');
    return callbacks;
  };

  if (client)
    deps.jobs.handle<ImportRecordingPayload>(
      IMPORT_RECORDING_JOB,
      importRecordingJob(deps, client, questions),
    );

  // This scope only: the form BigBlueButton posts (one small field).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  r.get(
    `${END_CALLBACK_PATH}/:questionId`,
    {
      schema: { params: MeetingParams, querystring: EndQuery, response: { 200: OkAnswer } },
      config: callback,
    },
    async (req) => {
      const marks = req.query.recordingmarks !== 'false';
      await configured().meetingEnded(req.params.questionId, req.query.token, marks);
      return { ok: true as const };
    },
  );

  r.post(
    RECORDING_READY_PATH,
    { schema: { body: ReadyBody, response: { 200: OkAnswer } }, config: callback },
    async (req) => {
      await configured().recordingReady(req.body?.signed_parameters);
      return { ok: true as const };
    },
  );
}
