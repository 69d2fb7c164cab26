import type { DeepLinkAnswer, DeepLinkBody, DeepLinkItem } from '@lectern/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import { findLecture, isCourseAdmin, lecturesHoldingVideo } from '../access/public';
import { linkContext, linkedCourseOf } from './contexts.repository';
import { type ResourceLinkItem, signDeepLinkingResponse } from './deep-link-response';
import { LAUNCH_PATH } from './launch.service';
import { deepLinkRequests } from './lti-state';
import { findPlatformById } from './platforms.repository';

/** What the instructor reads when the picker's answer is refused (shown on the picker page). */
export const PICK_REFUSALS = {
  otherBrowser:
    'This picker was opened in another browser window. Add Lectern content again from your course.',
  stale: 'This picker has expired or was already used. Add Lectern content again from your course.',
  notAdmin: 'You can only add lectures of courses you administer in Lectern.',
  oneOnly: 'Your learning platform accepts one item here. Pick one lecture or video.',
  oneCourse: 'Pick lectures of one course at a time.',
  otherCourse:
    'This course in your learning platform is linked to another Lectern course. Pick a lecture of that course.',
  lectureMissing: 'Lecture not found.',
  videoMissing: 'That video is not in the lecture.',
} as const;

/** A refused pick: an HTTP error for the picker page, with the check's name for the security log. */
export class PickRefusal extends HttpError {
  constructor(
    base: HttpError,
    readonly reason: string,
  ) {
    super(base.statusCode, base.code, base.message);
  }
}

export function createDeepLinkService(app: FastifyInstance, { db, clock, config }: AppDeps) {
  /** One picked item as an `ltiResourceLink`; the server checks the picker administers its course. */
  async function resourceLinkOf(tx: Tx, userId: string, item: DeepLinkItem) {
    const lecture = await findLecture(tx, item.lectureId);
    if (!lecture) throw new PickRefusal(notFound(PICK_REFUSALS.lectureMissing), 'unknown lecture');
    if (!(await isCourseAdmin(tx, userId, lecture.courseId)))
      throw new PickRefusal(forbidden(PICK_REFUSALS.notAdmin), 'course not administered');
    const link: ResourceLinkItem = {
      title: lecture.title,
      url: `${config.publicUrl}${LAUNCH_PATH}`,
      custom: { lecture_id: lecture.id },
    };
    if (item.videoId) {
      const inLecture = (await lecturesHoldingVideo(tx, item.videoId)).some((l) => l.id === lecture.id);
      const video = inLecture ? await app.videos.findVideo(item.videoId, tx) : null;
      if (!video) throw new PickRefusal(notFound(PICK_REFUSALS.videoMissing), 'video not in lecture');
      link.title = video.title;
      link.custom.video_id = video.id;
    }
    return { courseId: lecture.courseId, link };
  }

  return {
    /**
     * The picker's answer to a deep-linking request: the request taken once (by the account it signed in,
     * from the browser it opened in), every item checked on the server, the LMS course linked to the items'
     * course when it is not linked yet, and the signed LtiDeepLinkingResponse. A refusal writes nothing:
     * the request stays usable for a better pick.
     */
    async answer(
      userId: string,
      body: DeepLinkBody,
      browserHasPicker: boolean,
    ): Promise<DeepLinkAnswer & { courseId: string }> {
      if (!browserHasPicker)
        throw new PickRefusal(forbidden(PICK_REFUSALS.otherBrowser), 'picker of another browser');
      const now = clock();
      return db.transaction(async (tx) => {
        const request = await deepLinkRequests.take(tx, body.picker, now);
        if (!request || request.userId !== userId)
          throw new PickRefusal(
            forbidden(PICK_REFUSALS.stale),
            'picker unknown, expired, used or not theirs',
          );
        if (body.items.length > 1 && !request.acceptMultiple)
          throw new PickRefusal(badRequest(PICK_REFUSALS.oneOnly), 'several items where one is accepted');
        const picked = [];
        for (const item of body.items) picked.push(await resourceLinkOf(tx, userId, item));
        const courseId = picked[0]!.courseId;
        if (picked.some((p) => p.courseId !== courseId))
          throw new PickRefusal(badRequest(PICK_REFUSALS.oneCourse), 'items of several courses');
        if (request.contextId) {
          const linked = await linkedCourseOf(tx, request.platformId, request.contextId);
          if (linked && linked !== courseId)
            throw new PickRefusal(forbidden(PICK_REFUSALS.otherCourse), 'context linked to another course');
          if (!linked) await linkContext(tx, request.platformId, request.contextId, courseId);
        }
        const platform = (await findPlatformById(tx, request.platformId))!;
        const jwt = await signDeepLinkingResponse(
          tx,
          {
            clientId: platform.clientId,
            platformIssuer: platform.issuer,
            deploymentId: request.deploymentId,
            data: request.data,
            items: picked.map((p) => p.link),
          },
          now,
        );
        return { returnUrl: request.returnUrl, jwt, courseId };
      });
    },
  };
}
