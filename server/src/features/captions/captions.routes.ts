import {
  AutoCaptionsDto,
  CAPTION_LIMITS,
  CaptionOwnerParams,
  CaptionTrackDto,
  CaptionTrackParams,
  CaptionTrackWithCuesDto,
  CaptionUploadQuery,
  CourseSearchQuery,
  SaveCaptionVersionBody,
  SearchHitDto,
} from '@lectern/shared';
import { z } from 'zod';
import { unsupportedMedia } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { BODY_LIMITS } from '../../plugins/json-body';
import { NO_CONTENT, type RawAnswer } from '../../plugins/openapi';
import { type Feature, typed } from '../feature';
import { createAutoCaptionsService } from './automatic/auto-captions.service';
import { deleteUnusedCaptionFiles } from './captions.repository';
import { createCaptionsService } from './captions.service';
import { createSearchService } from './search.service';

// Captions of lecture videos and answer videos, and the course search over transcripts (issue 13).
// Uploads are the raw file as the body (WebVTT or SRT): its bytes are checked as UTF-8 line by line, which a
// JSON string or form field would already have decoded (and silently repaired) before we saw it.

const CAPTION_TYPES = ['text/vtt', 'application/x-subrip', 'text/plain', 'application/octet-stream'];
const CourseParams = z.strictObject({ id: z.uuid({ message: 'Invalid id' }) });
const VTT_FILE: RawAnswer = { status: 200, type: 'text/vtt', description: 'The current WebVTT file' };
/** Deleting a video or an answer takes its tracks along; their files are swept up this often. */
const SWEEP_FILES_JOB = 'captions.sweep-files';
const SWEEP_FILES_EVERY_MS = 60 * 60_000;

export const captionsRoutes: Feature = (app, deps) => {
  const captions = createCaptionsService(deps);
  const search = createSearchService(deps);
  const automatic = createAutoCaptionsService(deps);
  const r = typed(app);
  const user = { auth: 'user' } as const;
  const anyone = { auth: 'public' } as const;

  deps.jobs.every(SWEEP_FILES_JOB, SWEEP_FILES_EVERY_MS, async () => {
    await deleteUnusedCaptionFiles(deps.db);
  });

  // This scope only: the raw bytes of a caption file, at most the caption size limit (413 beyond).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    CAPTION_TYPES,
    { parseAs: 'buffer', bodyLimit: CAPTION_LIMITS.maxBytes },
    (_req, body, done) => done(null, body),
  );

  r.get(
    '/api/captions/:owner/:ownerId',
    { schema: { params: CaptionOwnerParams, response: { 200: z.array(CaptionTrackDto) } }, config: anyone },
    async (req) => captions.tracks(req.user, req.params.owner, req.params.ownerId),
  );

  // `automatic` is no language tag a track may have (CaptionLanguage): these never shadow a track.
  r.get(
    '/api/captions/:owner/:ownerId/automatic',
    { schema: { params: CaptionOwnerParams, response: { 200: AutoCaptionsDto } }, config: user },
    async (req) => automatic.status(currentUser(req), req.params.owner, req.params.ownerId),
  );

  r.post(
    '/api/captions/:owner/:ownerId/automatic',
    { schema: { params: CaptionOwnerParams, response: { 202: AutoCaptionsDto } }, config: user },
    async (req, reply) =>
      reply.code(202).send(await automatic.request(currentUser(req), req.params.owner, req.params.ownerId)),
  );

  r.get(
    '/api/captions/:owner/:ownerId/:language',
    { schema: { params: CaptionTrackParams, response: { 200: CaptionTrackWithCuesDto } }, config: anyone },
    async (req) => captions.cues(req.user, req.params),
  );

  r.get(
    '/api/captions/:owner/:ownerId/:language/vtt',
    { schema: { params: CaptionTrackParams }, config: { ...anyone, rawAnswer: VTT_FILE } },
    async (req, reply) => {
      const { vtt, sha256 } = await captions.vtt(req.user, req.params);
      return reply
        .type('text/vtt; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('etag', `"${sha256}"`)
        .send(vtt);
    },
  );

  r.put(
    '/api/captions/:owner/:ownerId/:language',
    {
      schema: {
        params: CaptionTrackParams,
        querystring: CaptionUploadQuery,
        response: { 200: CaptionTrackDto },
      },
      config: { ...user, upload: true },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body))
        throw unsupportedMedia('Send the caption file itself as text/vtt or application/x-subrip');
      return captions.upload(currentUser(req), req.params, req.query.label, req.body);
    },
  );

  r.post(
    '/api/captions/:owner/:ownerId/:language/versions',
    {
      schema: {
        params: CaptionTrackParams,
        body: SaveCaptionVersionBody,
        response: { 201: CaptionTrackDto },
      },
      bodyLimit: BODY_LIMITS.captionCues,
      config: { ...user, upload: true }, // megabytes of JSON: cut when it stalls, not after 10 s
    },
    async (req, reply) =>
      reply.code(201).send(await captions.saveEdited(currentUser(req), req.params, req.body)),
  );

  r.delete(
    '/api/captions/:owner/:ownerId/:language',
    { schema: { params: CaptionTrackParams }, config: { ...user, rawAnswer: NO_CONTENT } },
    async (req, reply) => {
      await captions.remove(currentUser(req), req.params);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/courses/:id/search',
    {
      schema: {
        params: CourseParams,
        querystring: CourseSearchQuery,
        response: { 200: z.array(SearchHitDto) },
      },
      config: user,
    },
    async (req) => search.course(currentUser(req), req.params.id, req.query.q),
  );
};
