import {
  type ActiveUserCounts,
  type Engagement,
  MAX_ENGAGEMENT_BINS,
  type UsageEntry,
} from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import type { AuthUser } from '../../plugins/auth';
import { requireLectureAdmin, requireVideoAdmin } from '../access/public';
import { engagementBins } from './engagement.repository';
import { sortByName, toEngagementBin, toUsageEntry } from './usage.mapper';
import { countActiveUsers, furthestKnownPosition, studentActivity, videoDuration } from './usage.repository';

/** Usage reports: for the admins of the course that holds the lecture or video only (SECURITY AC-5). */
export function createUsageService({ db, clock }: AppDeps) {
  async function durationOf(videoId: string): Promise<number> {
    return (await videoDuration(db, videoId)) ?? (await furthestKnownPosition(db, videoId));
  }

  return {
    async lectureActivity(caller: AuthUser, lectureId: string): Promise<ActiveUserCounts> {
      await requireLectureAdmin(db, caller, lectureId);
      return countActiveUsers(db, lectureId, clock());
    },

    /** Every student of the caller's courses with an event on the video, sorted by name (SPEC §9). */
    async studentActivity(caller: AuthUser, videoId: string): Promise<UsageEntry[]> {
      const now = clock();
      const access = await requireVideoAdmin(db, caller, videoId, now);
      const duration = await videoDuration(db, videoId);
      const rows = await studentActivity(db, videoId, [...access.adminCourseIds]);
      return sortByName(rows.map((row) => toUsageEntry(row, duration, now)));
    },

    /**
     * Watched, re-watched and question counts per bin over the video's duration (its stored duration, else
     * the furthest position seen). Bins are widened so that a video never has more than MAX_ENGAGEMENT_BINS.
     */
    async engagement(caller: AuthUser, videoId: string, requestedBinSeconds: number): Promise<Engagement> {
      await requireVideoAdmin(db, caller, videoId, clock());
      const durationSeconds = await durationOf(videoId);
      const binSeconds = Math.max(requestedBinSeconds, Math.ceil(durationSeconds / MAX_ENGAGEMENT_BINS));
      const binCount = Math.ceil(durationSeconds / binSeconds);
      const rows =
        binCount > 0 ? await engagementBins(db, videoId, { binSeconds, durationSeconds, binCount }) : [];
      return {
        videoId,
        binSeconds,
        durationSeconds,
        bins: rows.map((row) => toEngagementBin(row, binSeconds, durationSeconds)),
      };
    },
  };
}
