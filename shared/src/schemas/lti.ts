import { z } from 'zod';
import { LoginAnswer } from './auth';

/** The one-time code an LTI launch hands the web app (in the URL fragment of /lti/enter). */
export const LtiHandoverBody = z.object({ code: z.string().min(1).max(100) });
export type LtiHandoverBody = z.infer<typeof LtiHandoverBody>;

/** A session, as a login gives, and the page the launch lands on. */
export const LtiHandoverAnswer = LoginAnswer.extend({ target: z.string() });
export type LtiHandoverAnswer = z.infer<typeof LtiHandoverAnswer>;

/** One thing the instructor picked for the LMS (Deep Linking 2.0): a lecture, or one video of it. */
export const DeepLinkItem = z.object({ lectureId: z.uuid(), videoId: z.uuid().optional() });
export type DeepLinkItem = z.infer<typeof DeepLinkItem>;

/**
 * The picker's answer to a deep-linking request: its one-time token (from the picker page's fragment) and
 * what was picked, all of one course.
 */
export const DeepLinkBody = z.object({
  picker: z.string().min(1).max(100),
  items: z.array(DeepLinkItem).min(1, 'Pick a lecture or a video').max(20),
});
export type DeepLinkBody = z.infer<typeof DeepLinkBody>;

/** The signed LtiDeepLinkingResponse, for the web app to post as the form field `JWT` to `returnUrl`. */
export const DeepLinkAnswer = z.object({ returnUrl: z.string(), jwt: z.string() });
export type DeepLinkAnswer = z.infer<typeof DeepLinkAnswer>;

/** A path of the web app to open in a top-level tab: never another origin (`//host`, `/\host`). */
export const NewTabBody = z.object({
  target: z
    .string()
    .max(2048)
    .regex(/^\/(?![/\\])/, 'Give a path of Lectern, starting with one /'),
});
export type NewTabBody = z.infer<typeof NewTabBody>;

/** A new one-time code, for /lti/enter#code=… in the new tab. */
export const NewTabAnswer = z.object({ code: z.string() });
export type NewTabAnswer = z.infer<typeof NewTabAnswer>;

/**
 * A course's links to LMS courses and their roster syncs (NRPS 2.0), for its administrators: the platform's
 * name, whether its launches offered the membership service, and the last sync (members read, or why not).
 */
export const LtiRosterLink = z.object({
  platformName: z.string(),
  canSync: z.boolean(),
  lastSyncAt: z.string().nullable(),
  lastSyncMembers: z.number().int().nullable(),
  lastSyncError: z.string().nullable(),
});
export type LtiRosterLink = z.infer<typeof LtiRosterLink>;
export const LtiRosterAnswer = z.object({ links: z.array(LtiRosterLink) });
export type LtiRosterAnswer = z.infer<typeof LtiRosterAnswer>;
/** How many roster syncs were queued (one per linked LMS course offering the service). */
export const LtiRosterSyncAnswer = z.object({ queued: z.number().int() });
export type LtiRosterSyncAnswer = z.infer<typeof LtiRosterSyncAnswer>;

const httpUrl = z.url({ protocol: /^https?$/, error: 'Give an http(s) URL' });

/**
 * A learning platform's registration (issue 23): one contract for `npm run lti -- add-platform`, the
 * installation admin's API (/api/admin/lti/platforms) and its form. Frame origins are kept as origins.
 */
export const LtiPlatformRegistration = z.object({
  name: z.string().trim().min(1, 'Give the platform a name').max(200),
  issuer: z.string().trim().min(1, 'Give the issuer').max(2048),
  clientId: z.string().trim().min(1, 'Give the client id').max(2048),
  deploymentIds: z
    .array(z.string().trim().min(1, 'A deployment id cannot be empty').max(2048))
    .min(1, 'Give at least one deployment id')
    .max(100),
  authLoginUrl: httpUrl,
  accessTokenUrl: httpUrl,
  jwksUrl: httpUrl,
  frameOrigins: z
    .array(z.url({ error: 'Give a frame origin as a URL' }).transform((u) => new URL(u).origin))
    .max(100),
  trustEmail: z.boolean(),
});
export type LtiPlatformRegistration = z.output<typeof LtiPlatformRegistration>;

/** A registered platform, as the admin page lists it. */
export const LtiPlatform = z.object({
  id: z.uuid(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  authLoginUrl: z.string(),
  accessTokenUrl: z.string(),
  jwksUrl: z.string(),
  frameOrigins: z.array(z.string()),
  trustEmail: z.boolean(),
  createdAt: z.string(),
});
export type LtiPlatform = z.infer<typeof LtiPlatform>;

/** The registered platforms, and Lectern's own URLs to give each LMS. */
export const LtiPlatformsAnswer = z.object({
  platforms: z.array(LtiPlatform),
  tool: z.object({ loginUrl: z.string(), launchUrl: z.string(), jwksUrl: z.string() }),
});
export type LtiPlatformsAnswer = z.infer<typeof LtiPlatformsAnswer>;

export const LtiPlatformParams = z.strictObject({ id: z.uuid() });

/**
 * GET/PUT /api/lectures/:id/lti-gradebook (AGS 2.0, issue 23): whether the lecture sends its students' watch
 * progress to the gradebook of the LMS courses linked to its course; `platforms` names those that offer a
 * gradebook (none: the setting is not offered), `lastError` why the last line item or score failed.
 */
export const LtiGradebookAnswer = z.object({
  platforms: z.array(z.string()),
  enabled: z.boolean(),
  lastError: z.string().nullable(),
});
export type LtiGradebookAnswer = z.infer<typeof LtiGradebookAnswer>;
export const LtiGradebookBody = z.strictObject({ enabled: z.boolean() });
export type LtiGradebookBody = z.infer<typeof LtiGradebookBody>;
