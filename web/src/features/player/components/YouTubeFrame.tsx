import { PLAYER_HEIGHT_PX, parseYouTubeId } from '@lectern/shared';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { PlayerHandle, PlayerSourceProps } from '../types';
import { YT_STATE, type YouTubePlayer, loadYouTubeApi } from '../utils/youtube-api';

// The IFrame API has no time events, so the time is read this often while the player exists.
const TIME_POLL_MS = 250;

/** A YouTube video through the IFrame API, behind the same handle as the HTML5 player. */
export function YouTubeFrame({
  ref,
  title,
  source,
  startAt,
  autoplay,
  ...events
}: PlayerSourceProps & { ref: Ref<PlayerHandle> }) {
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<YouTubePlayer | null>(null);
  const latest = useRef(events);
  const [failed, setFailed] = useState(false);
  const videoId = parseYouTubeId(source);

  useEffect(() => {
    latest.current = events;
  });

  useEffect(() => {
    if (!videoId || !host.current) return;
    const mount = document.createElement('div');
    host.current.append(mount);
    let timer: number | undefined;
    let cancelled = false;
    loadYouTubeApi()
      .then((YT) => {
        if (cancelled) return;
        player.current = new YT.Player(mount, {
          videoId,
          height: '100%',
          width: '100%',
          // fs: 0 hides the fullscreen button (SPEC §4); rel: 0 keeps suggestions to the same channel.
          playerVars: { playsinline: 1, fs: 0, rel: 0, start: Math.floor(startAt ?? 0) },
          events: {
            onReady: ({ target }) => {
              if (startAt) target.seekTo(startAt, true);
              if (autoplay) target.playVideo();
              timer = window.setInterval(
                () => latest.current.onTime?.(target.getCurrentTime(), target.getDuration()),
                TIME_POLL_MS,
              );
            },
            onStateChange: ({ target, data }) => {
              if (data === YT_STATE.playing) latest.current.onPlay?.(target.getCurrentTime());
              if (data === YT_STATE.paused) latest.current.onPause?.(target.getCurrentTime());
              if (data === YT_STATE.ended) latest.current.onEnded?.();
            },
            onPlaybackRateChange: ({ target, data }) =>
              latest.current.onRateChange?.(data, target.getCurrentTime()),
          },
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      player.current?.destroy();
      player.current = null;
      mount.remove();
    };
    // The player is built once per video; start and autoplay only matter at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [videoId]);

  useImperativeHandle(ref, () => ({
    play: () => player.current?.playVideo(),
    pause: () => player.current?.pauseVideo(),
    paused: () => player.current?.getPlayerState() !== YT_STATE.playing,
    currentTime: () => player.current?.getCurrentTime() ?? 0,
    duration: () => player.current?.getDuration() ?? Number.NaN,
    seekTo: (seconds) => {
      player.current?.seekTo(seconds, true);
      latest.current.onSeeked?.(seconds); // the IFrame API reports no seek of its own
    },
    rate: () => player.current?.getPlaybackRate() ?? 1,
    setRate: (rate) => player.current?.setPlaybackRate(rate),
  }));

  if (!videoId || failed) return <p role="alert">The YouTube video could not be loaded.</p>;
  return (
    <div
      ref={host}
      role="region"
      aria-label={title}
      className="player-media"
      // SPEC §9's 480 px is the most it takes; narrower screens get a 16:9 box (player.css).
      style={{ maxHeight: PLAYER_HEIGHT_PX }}
    />
  );
}
