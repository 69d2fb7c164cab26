import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { findLecture, isCourseAdmin, lecturesHoldingVideo } from '../access/public';
import type { CourseRole } from '../courses/public';
import {
  addContextMembers,
  findContext,
  linkContext,
  linkedCourseOf,
  setServices,
} from './contexts.repository';
import { deepLinkSettings } from './deep-link-settings';
import {
  type DeepLinkingClaims,
  isDeepLinkingRequest,
  type LaunchClaims,
  type ResourceLinkClaims,
  verifyLaunchToken,
} from './id-token';
import { courseRoleOf } from './launch-roles';
import { CLAIM } from './lti-claims';
import { LTI_REFUSALS, LtiRefusal } from './lti-refusal';
import { deepLinkRequests, newHandover, startLogin, takeLogin } from './lti-state';
import { gradebookOf } from './grade-service';
import type { GradebookSync } from './gradebook-sync';
import { membershipsUrlOf } from './memberships';
import { platformKeys } from './platform-keys';
import { findPlatform, findPlatformById, platformsOfIssuer, type PlatformRow } from './platforms.repository';
import type { RosterSync } from './roster-sync';

export const LAUNCH_PATH = '/lti/launch';

const param = z.string().min(1).max(2048);
/** Third-party login initiation (LTI Core 1.3 §4.1, Security Framework §5.1.1.1). */
export const LoginInitiation = z.object({
  iss: param,
  login_hint: param,
  target_link_uri: z.url().max(2048),
  lti_message_hint: param.optional(),
  lti_deployment_id: param.optional(),
  client_id: param.optional(),
});
export type LoginInitiation = z.infer<typeof LoginInitiation>;

export const LaunchForm = z.object({ id_token: z.string().min(1).max(65_536), state: param });

const fullName = (claims: LaunchClaims) =>
  claims.name ?? ([claims.given_name, claims.family_name].filter(Boolean).join(' ') || null);

const uuid = z.uuid();
/** The lecture (and video) a deep-linked item's custom parameters name, when they are well-formed ids. */
function namedByCustom(claims: LaunchClaims) {
  const custom = claims[CLAIM.custom] ?? {};
  const lectureId = uuid.safeParse(custom.lecture_id);
  const videoId = uuid.safeParse(custom.video_id);
  return lectureId.success
    ? { lectureId: lectureId.data, videoId: videoId.success ? videoId.data : null }
    : null;
}

export function createLaunchService(
  app: FastifyInstance,
  { db, clock, config }: AppDeps,
  roster: RosterSync,
  grades: GradebookSync,
) {
  const keysOf = platformKeys(() => clock().getTime());

  /** The platform a login initiation names: by issuer and client id, or by issuer when it has one only. */
  async function initiatingPlatform(login: LoginInitiation): Promise<PlatformRow> {
    const platform = login.client_id
      ? await findPlatform(db, login.iss, login.client_id)
      : await platformsOfIssuer(db, login.iss).then((all) => (all.length === 1 ? all[0]! : null));
    if (!platform) throw new LtiRefusal(400, 'unknown platform', LTI_REFUSALS.unknownPlatform);
    if (login.lti_deployment_id && !platform.deploymentIds.includes(login.lti_deployment_id))
      throw new LtiRefusal(403, 'deployment', LTI_REFUSALS.unknownDeployment);
    return platform;
  }

  /** The account of the launch's person, by (issuer, sub): made on their first launch. */
  const accountOf = (tx: Tx, platform: PlatformRow, claims: LaunchClaims) =>
    app.auth.accountForIdentity(tx, {
      issuer: platform.issuer,
      subject: claims.sub,
      name: fullName(claims),
      email: claims.email ?? null,
      emailProven: platform.trustEmail,
    });

  /**
   * The Lectern course of the launch's LMS course. Not linked yet, an instructor's launch links it: to the
   * course of the deep-linked lecture it carries when they already administer that course (the LMS course
   * was copied from one linked before), else to a course made for it. A learner waits for that. The
   * context's membership URL, when the launch names one, is kept; its first link queues a roster sync.
   */
  async function linkedCourse(
    tx: Tx,
    platform: PlatformRow,
    claims: ResourceLinkClaims,
    userId: string,
    role: CourseRole,
  ) {
    const context = claims[CLAIM.context];
    const membershipsUrl = membershipsUrlOf(claims);
    const linked = await findContext(tx, platform.id, context.id);
    if (linked) {
      await keepServices(tx, platform, claims, linked.lineItemsUrl === null);
      return linked.courseId;
    }
    if (role !== 'admin') throw new LtiRefusal(403, 'course not linked', LTI_REFUSALS.courseNotReady);
    const named = namedByCustom(claims);
    const lecture = named && (await findLecture(tx, named.lectureId));
    const courseId =
      lecture && (await isCourseAdmin(tx, userId, lecture.courseId))
        ? lecture.courseId
        : await app.courses.createCourse(tx, {
            name: (context.title ?? context.label ?? 'Course').trim().slice(0, 200) || 'Course',
            createdBy: userId,
          });
    await linkContext(tx, platform.id, context.id, courseId);
    await keepServices(tx, platform, claims, true);
    if (membershipsUrl) await roster.queue(tx, { platformId: platform.id, contextId: context.id });
    return courseId;
  }

  /**
   * Keeps the services the launch names for its context. A context that offers its gradebook for the first
   * time gets the line items of its course's lectures already sending progress.
   */
  async function keepServices(
    tx: Tx,
    platform: PlatformRow,
    claims: ResourceLinkClaims,
    firstGradebook: boolean,
  ) {
    const contextId = claims[CLAIM.context].id;
    const gradebook = gradebookOf(claims);
    await setServices(tx, platform.id, contextId, {
      membershipsUrl: membershipsUrlOf(claims) ?? undefined,
      lineItemsUrl: gradebook?.lineItemsUrl,
      agsScopes: gradebook?.scopes,
    });
    if (gradebook && firstGradebook) await grades.contextOffered(tx, platform.id, contextId);
  }

  /**
   * The page the launch lands on: the lecture a deep link named, or its video, when the lecture is of this
   * course and the video in its playlist; else the course.
   */
  async function landing(tx: Tx, claims: LaunchClaims, courseId: string): Promise<string> {
    const named = namedByCustom(claims);
    const lecture = named && (await findLecture(tx, named.lectureId));
    if (!named || lecture?.courseId !== courseId) return `/courses/${courseId}`;
    if (named.videoId && (await lecturesHoldingVideo(tx, named.videoId)).some((l) => l.id === lecture.id))
      return `/video/${named.videoId}?lectureId=${lecture.id}`;
    return `/lecture/${lecture.id}`;
  }

  /**
   * A deep-linking request (Deep Linking 2.0): only from an instructor of the LMS course, with settings
   * Lectern can answer. Signs them in, grants what a launch grants in a linked course, and records the
   * request for the picker, whose one-time token travels beside the handover code.
   */
  async function requestDeepLink(platform: PlatformRow, claims: DeepLinkingClaims, now: Date) {
    const role = courseRoleOf(claims[CLAIM.roles]);
    if (role !== 'admin')
      throw new LtiRefusal(403, 'deep linking by a non-instructor', LTI_REFUSALS.deepLinkNotInstructor);
    const settings = deepLinkSettings(claims[CLAIM.deepLinkingSettings]);
    // The picker may post only to the LMS's own pages (its form-action), so no other return is accepted.
    if (!platform.frameOrigins.includes(new URL(settings.returnUrl).origin))
      throw new LtiRefusal(400, 'deep linking: return URL off the platform', LTI_REFUSALS.badReturnUrl);
    return db.transaction(async (tx) => {
      const user = await accountOf(tx, platform, claims);
      const contextId = claims[CLAIM.context]?.id ?? null;
      const courseId = contextId ? await linkedCourseOf(tx, platform.id, contextId) : null;
      if (courseId) await app.courses.enrol(tx, courseId, user.id, role);
      const picker = await deepLinkRequests.create(
        tx,
        {
          userId: user.id,
          platformId: platform.id,
          deploymentId: claims[CLAIM.deploymentId],
          contextId,
          ...settings,
        },
        now,
      );
      const target = courseId ? `/lti/deep-link?course=${courseId}` : '/lti/deep-link';
      return { userId: user.id, code: await newHandover(tx, user.id, target, now), courseId, role, picker };
    });
  }

  return {
    /**
     * A login initiation: records a state and nonce and answers where to send the browser, the platform's
     * authentication endpoint with an OIDC implicit-flow request (Security Framework §5.1.1.2).
     */
    async initiateLogin(login: LoginInitiation) {
      const platform = await initiatingPlatform(login);
      const { state, nonce, maxAgeSeconds } = await startLogin(db, platform.id, clock());
      const url = new URL(platform.authLoginUrl);
      const params: Record<string, string> = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.clientId,
        redirect_uri: `${config.publicUrl}${LAUNCH_PATH}`,
        login_hint: login.login_hint,
        state,
        nonce,
        ...(login.lti_message_hint ? { lti_message_hint: login.lti_message_hint } : {}),
      };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return { redirect: url.href, state, maxAgeSeconds };
    },

    /**
     * A launch: the state taken once, the id_token checked (id-token.ts), then the person signed in by
     * (issuer, sub), given the course role their LMS roles claim, and handed a one-time code for the web app.
     * A deep-linking request also gets a picker token. Every refusal happens before anything is written but
     * the used state.
     */
    async launch(form: z.infer<typeof LaunchForm>, browserHasState: boolean) {
      const now = clock();
      const login = await takeLogin(db, form.state, now);
      if (!login) throw new LtiRefusal(400, 'state unknown, expired or used', LTI_REFUSALS.staleState);
      if (!browserHasState)
        throw new LtiRefusal(400, 'state from another browser', LTI_REFUSALS.otherBrowser);
      const platform = await findPlatformById(db, login.platformId);
      if (!platform) throw new LtiRefusal(400, 'unknown platform', LTI_REFUSALS.unknownPlatform);
      const claims = await verifyLaunchToken(
        form.id_token,
        platform,
        keysOf(platform.jwksUrl),
        login.nonce,
        now,
      );
      if (isDeepLinkingRequest(claims)) return requestDeepLink(platform, claims, now);
      const role = courseRoleOf(claims[CLAIM.roles]);
      if (!role) throw new LtiRefusal(403, 'no course role', LTI_REFUSALS.noRole);

      return db.transaction(async (tx) => {
        const user = await accountOf(tx, platform, claims);
        const courseId = await linkedCourse(tx, platform, claims, user.id, role);
        await app.courses.enrol(tx, courseId, user.id, role);
        await addContextMembers(tx, platform.id, claims[CLAIM.context].id, [user.id]);
        const target = await landing(tx, claims, courseId);
        const code = await newHandover(tx, user.id, target, now);
        return { userId: user.id, code, courseId: courseId as string | null, role, picker: null };
      });
    },
  };
}
