import { type UsageContext, logUsage } from '../../../lib/usage-log';
import type { PlayerEvents } from '../types';

/** Player events that send the lecture usage events of SPEC §3 (play, pause, seek, rate with the rate). */
export function lectureUsageEvents(context: UsageContext): PlayerEvents {
  return {
    onPlay: (t) => logUsage('videoPlayLecture', { ...context, videoTime: t }),
    onPause: (t) => logUsage('videoPauseLecture', { ...context, videoTime: t }),
    onSeeked: (t) => logUsage('videoSeekedLecture', { ...context, videoTime: t }),
    onRateChange: (rate, t) => logUsage('videoRateChangeLecture', { ...context, videoTime: t, rate }),
  };
}
