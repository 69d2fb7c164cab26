import { useEffect, useMemo } from 'react';
import { type UsageContext, logUsage } from '../../../lib/usage-log';
import type { PlayerEvents } from '../types';
import { WatchProgress } from '../utils/watch-progress';

/**
 * The lecture usage events of SPEC §3 (play, pause, seek, rate with the rate) and the progress reports
 * the engagement chart counts (videoProgressLecture: the stretch played since the last one). The last
 * stretch goes out when the page is hidden or left, in a request that outlives the page. Without a
 * context (an instructor's page) nothing is logged.
 */
export function useLectureUsage(context: UsageContext | undefined): PlayerEvents {
  // One tracker per video and lecture: another video's stretches are reported with its own ids.
  const key = context ? JSON.stringify(context) : null;
  const progress = useMemo(() => {
    if (key === null) return null;
    const ids = JSON.parse(key) as UsageContext;
    return new WatchProgress((fromTime, videoTime, leaving) =>
      logUsage('videoProgressLecture', { ...ids, fromTime, videoTime }, { keepalive: leaving }),
    );
  }, [key]);

  useEffect(() => {
    if (!progress) return;
    const leave = () => progress.leave();
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      leave();
    };
  }, [progress]);

  if (!context || !progress) return {};
  return {
    onPlay: (t) => {
      progress.play(t, performance.now());
      logUsage('videoPlayLecture', { ...context, videoTime: t });
    },
    onPause: (t) => {
      progress.stop(t, performance.now());
      logUsage('videoPauseLecture', { ...context, videoTime: t });
    },
    onSeeked: (t) => {
      progress.seeked(t, performance.now());
      logUsage('videoSeekedLecture', { ...context, videoTime: t });
    },
    onRateChange: (rate, t) => {
      progress.setRate(rate);
      logUsage('videoRateChangeLecture', { ...context, videoTime: t, rate });
    },
    onTime: (t) => progress.time(t, performance.now()),
    onEnded: () => progress.ended(),
  };
}
