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
