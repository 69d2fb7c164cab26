import type { FastifyInstance } from 'fastify';
import {
  LectureIdParam,
  LectureIdParams,
  LecturePlaylistAnswer,
  LectureVideoIdAnswer,
  LectureVideoItem,
  LectureVideosParams,
  RenameLectureVideoBody,
  RemoveLectureVideoBody,
  RenameParams,
  ResponseIdParams,
  SUCCESS,
  StorageUse,
  VALIDATION,
  VideoAnswerDto,
  VideoContextDto,
  VideoDto,
  VideoIdParams,
  YoutubeToLectureBody,
} from '@lectern/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/auth';
import { typed } from '../feature';
import { mediaRoutes } from './media.routes';
import { receiveSingleFile, registerMultipart } from './multipart';
import type { LecturesService } from '../lectures/public';
import { tusRoutes } from './uploads/tus.routes';
import { storageUseOf } from './uploads/upload-allowance';
import type { UploadKinds } from './uploads/upload-kinds';
import { createVideosService, parseFileFields, requireUploadTarget } from './videos.service';

// SPEC §7 "Videos and uploads" (GET /api/upload/{videoId} and videoResponse belong to questions), the
// /media files and the resumable /tus/ endpoint.
export const videosRoutes = async (
  app: FastifyInstance,
  deps: AppDeps,
  lectures: LecturesService,
  kinds: UploadKinds,
) => {
  const videos = createVideosService(deps, lectures);
  const r = typed(app);
  const user = { auth: 'user' } as const;
  const anyone = { auth: 'public' } as const;

  await registerMultipart(app, deps);
  await mediaRoutes(app, deps);
  await tusRoutes(app, deps, kinds);

  // The caller's stored uploads against their quota, shown on the upload page (issue 12, item 8).
  r.get('/api/upload/storage', { schema: { response: { 200: StorageUse } }, config: user }, async (req) =>
    storageUseOf(deps, currentUser(req).id),
  );

  r.post(
    '/api/upload/videoFileToLecture',
    { schema: { response: { 201: VideoDto } }, config: { ...user, upload: true } },
    async (req, reply) => {
      const caller = currentUser(req);
      const { fields, tempPath } = await receiveSingleFile(req, deps, {
        fileField: 'file',
        missingFile: VALIDATION.selectFile,
        uploaderId: caller.id,
        beforeFile: async (early) => {
          const target = parseFileFields(early);
          await requireUploadTarget(deps, caller, target.courseID, target.lectureID);
        },
      });
      return reply.code(201).send(await videos.addFileToLecture(caller, fields, tempPath));
    },
  );

  r.post(
    '/api/upload/youtubeToLecture',
    { schema: { body: YoutubeToLectureBody, response: { 201: VideoDto } }, config: user },
    async (req, reply) => reply.code(201).send(await videos.addYoutubeToLecture(currentUser(req), req.body)),
  );

  r.get(
    '/api/upload/lecture-videos/:lectureId',
    { schema: { params: LectureIdParam, response: { 200: z.array(VideoDto) } }, config: anyone },
    async (req) => videos.lectureVideos(req.user, req.params.lectureId),
  );

  // Listed under lectures in the spec; the same videos as the route above, in LectureVideoItem shape.
  r.get(
    '/api/lectures/lectureVideos/:lectureId',
    {
      schema: { params: LectureVideosParams, response: { 200: z.array(LectureVideoItem) } },
      config: anyone,
    },
    async (req) => videos.lectureVideos(req.user, req.params.lectureId),
  );

  // Listed under lectures in the spec; here because a video still processing or failed is deleted by it.
  r.post(
    '/api/lectures/:id/removeVideo',
    {
      schema: {
        params: LectureIdParams,
        body: RemoveLectureVideoBody,
        response: { 200: LecturePlaylistAnswer },
      },
      config: user,
    },
    async (req) => ({
      message: SUCCESS.videoRemoved,
      lectureVideos: await videos.removeFromLecture(currentUser(req), req.params.id, req.body.videoId),
    }),
  );

  r.get(
    '/api/upload/lecture-video/:lectureId',
    { schema: { params: LectureIdParam, response: { 200: LectureVideoIdAnswer } }, config: anyone },
    async (req) => videos.firstLectureVideo(req.user, req.params.lectureId),
  );

  r.get(
    '/api/upload/videoAnswers/:responseId',
    { schema: { params: ResponseIdParams, response: { 200: VideoAnswerDto } }, config: anyone },
    async (req) => videos.videoAnswer(req.user, req.params.responseId),
  );

  r.get(
    '/api/upload/contexts/:videoId',
    { schema: { params: VideoIdParams, response: { 200: z.array(VideoContextDto) } }, config: user },
    async (req) => videos.contexts(currentUser(req), req.params.videoId),
  );

  r.put(
    '/api/upload/renameLectureVideo/:id',
    {
      schema: { params: RenameParams, body: RenameLectureVideoBody, response: { 200: VideoDto } },
      config: user,
    },
    async (req) => videos.rename(currentUser(req), req.params.id, req.body.title),
  );
};
