// Wire contracts of the usage feature (SPEC §3 Usage entry, Active-user counts; §7 Usage).
import { z } from 'zod';
import { Id, Instant } from './common';
import { CURRENTLY_WATCHING } from '../wire';

export const UsageIdParams = z.strictObject({ id: Id });
export type UsageIdParams = z.infer<typeof UsageIdParams>;

const Count = z.number().int().min(0);

/** GET /api/admin/logs/lecture/{id}/activity: distinct users active in each window (SPEC §9). */
export const ActiveUserCounts = z.object({
  activeFiveMinute: Count,
  activeOneHour: Count,
  activeOneDay: Count,
});
export type ActiveUserCounts = z.infer<typeof ActiveUserCounts>;

/** One row of GET /api/admin/logs/video/{id}/student-activity (SPEC §3 Usage entry). */
export const UsageEntry = z.object({
  userId: Id,
  name: z.string(),
  startTime: Instant,
  lastActive: Instant,
  status: z.literal(CURRENTLY_WATCHING).nullable(),
});
export type UsageEntry = z.infer<typeof UsageEntry>;

export const UsageEntryList = z.array(UsageEntry);

/** The engagement chart's bins can be no narrower than this many per video: wider ones are used instead. */
export const MAX_ENGAGEMENT_BINS = 2000;
export const DEFAULT_ENGAGEMENT_BIN_SECONDS = 5;

export const EngagementQuery = z.strictObject({
  bin: z.coerce
    .number()
    .int('The bin width must be a whole number of seconds')
    .min(1, 'The bin width must be between 1 and 3600 seconds')
    .max(3600, 'The bin width must be between 1 and 3600 seconds')
    .default(DEFAULT_ENGAGEMENT_BIN_SECONDS),
});
export type EngagementQuery = z.infer<typeof EngagementQuery>;

/** Seconds [start, end) of the video: how many students watched it, re-watched it, and questions asked in it. */
export const EngagementBin = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
  watched: Count,
  rewatched: Count,
  questions: Count,
});
export type EngagementBin = z.infer<typeof EngagementBin>;

/** GET /api/admin/logs/video/{id}/engagement?bin=N. */
export const Engagement = z.object({
  videoId: Id,
  binSeconds: z.number().int().min(1),
  durationSeconds: z.number().min(0),
  bins: z.array(EngagementBin),
});
export type Engagement = z.infer<typeof Engagement>;
