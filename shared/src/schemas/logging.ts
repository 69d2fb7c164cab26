import { z } from 'zod';
import { Id } from './common';

/** Usage-event names of SPEC §3, plus the account actions the spec logs. */
export const USAGE_ACTIONS = [
  'delayedQuestionSubmit',
  'discussionQuestionSubmit',
  'videoPlayLecture',
  'videoPauseLecture',
  'videoSeekedLecture',
  'videoRateChangeLecture',
  'videoPlayResponse',
  'videoPauseResponse',
  'videoCloseResponse',
  'watchVideoResponse',
  'updatePassword',
  'update-notification',
] as const;
export type UsageAction = (typeof USAGE_ACTIONS)[number];

const OptionalId = Id.nullish();

/** POST /api/logging/log. userID is accepted for the spec's shape but the server uses the token's user. */
export const LogEntryBody = z.strictObject({
  action: z.enum(USAGE_ACTIONS),
  videoTime: z.number().min(0).max(1e7).nullish(),
  rate: z.number().min(0.1).max(16).nullish(),
  userID: z.string().max(64).nullish(),
  courseID: OptionalId,
  lectureID: OptionalId,
  questionID: OptionalId,
  videoID: OptionalId,
  pageURL: z.string().max(2048).nullish(),
});
export type LogEntryBody = z.infer<typeof LogEntryBody>;
