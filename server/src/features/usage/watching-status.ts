import type { PlaybackAction } from './usage.repository';

/** Grace after the inferred end of playback, for a slow network and a student who lingers on the page. */
export const WATCHING_GRACE_MS = 60_000;

export interface LatestPlayback {
  action: PlaybackAction;
  at: Date;
  /** Playhead position the event reported, in seconds. */
  videoTime: number | null;
  /** The user's latest chosen playback rate; 1 when never changed. */
  rate: number | null;
}

/**
 * "currently watching" (SPEC §2 Usage page): the user's latest playback event on the video is a play, seek
 * or rate change (not a pause), and playback started there could still be running: `now` is before the
 * moment it would reach the end of the video at the chosen rate, plus 60 s of grace. Without a known
 * duration or position only the grace counts. A progress report is the watch page's heartbeat: a playing
 * page sends one every 10 s of video and one as it closes, so after one only the grace counts.
 */
export function isCurrentlyWatching(
  latest: LatestPlayback | null,
  durationSeconds: number | null,
  now: Date,
): boolean {
  if (!latest || latest.action === 'videoPauseLecture') return false;
  if (latest.action === 'videoProgressLecture')
    return now.getTime() <= latest.at.getTime() + WATCHING_GRACE_MS;
  const rate = latest.rate && latest.rate > 0 ? latest.rate : 1;
  const remainingSeconds =
    durationSeconds !== null && latest.videoTime !== null
      ? Math.max(durationSeconds - latest.videoTime, 0)
      : 0;
  const playsUntil = latest.at.getTime() + (remainingSeconds / rate) * 1000 + WATCHING_GRACE_MS;
  return now.getTime() <= playsUntil;
}
