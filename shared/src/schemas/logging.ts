import { z } from 'zod';
import { Id } from './common';

/**
 * Usage-event names of SPEC §3, plus the account actions the spec logs, plus videoProgressLecture: the
 * watch page's heartbeat, the stretch [fromTime, videoTime) the player played through since its last
 * report (the engagement chart counts nothing else as watched).
 */
export const USAGE_ACTIONS = [
  'delayedQuestionSubmit',
  'discussionQuestionSubmit',
  'videoPlayLecture',
  'videoPauseLecture',
  'videoSeekedLecture',
  'videoRateChangeLecture',
  'videoProgressLecture',
  'videoPlayResponse',
  'videoPauseResponse',
  'videoCloseResponse',
  'watchVideoResponse',
  'updatePassword',
  'update-notification',
] as const;
export type UsageAction = (typeof USAGE_ACTIONS)[number];

const OptionalId = Id.nullish();

const VideoTime = z.number().min(0).max(1e7);

export const PROGRESS_NEEDS_SPAN =
  'A progress report needs fromTime and videoTime, fromTime before videoTime.';

/** POST /api/logging/log. userID is accepted for the spec's shape but the server uses the token's user. */
export const LogEntryBody = z
  .strictObject({
    action: z.enum(USAGE_ACTIONS),
    videoTime: VideoTime.nullish(),
    /** Where the stretch a videoProgressLecture reports began; only that action carries it. */
    fromTime: VideoTime.nullish(),
    rate: z.number().min(0.1).max(16).nullish(),
    userID: z.string().max(64).nullish(),
    courseID: OptionalId,
    lectureID: OptionalId,
    questionID: OptionalId,
    videoID: OptionalId,
    pageURL: z.string().max(2048).nullish(),
  })
  .refine(
    (b) =>
      b.action === 'videoProgressLecture'
        ? b.fromTime != null && b.videoTime != null && b.fromTime < b.videoTime
        : b.fromTime == null,
    { message: PROGRESS_NEEDS_SPAN, path: ['fromTime'] },
  );
export type LogEntryBody = z.infer<typeof LogEntryBody>;
