import { PLAYER_HEIGHT_PX } from '@lectern/shared';
import { type ReactNode, type Ref, useImperativeHandle, useRef, useState } from 'react';
import { useMetadataReady } from '../../../lib/media/use-metadata-ready';
import { useCaptionToggle } from '../hooks/useCaptionToggle';
import type { PlayerHandle, PlayerSourceProps } from '../types';

/**
 * A local mp4 (videoSource is a /media/… path on the same origin) in a plain <video> element, with its
 * caption <track>s (given by the page) toggled by a button and the C key.
 */
export function Html5Player({
  ref,
  title,
  source,
  startAt,
  autoplay,
  tracks,
  ...events
}: PlayerSourceProps & { ref: Ref<PlayerHandle>; tracks?: ReactNode }) {
  const video = useRef<HTMLVideoElement>(null);
  const captions = useCaptionToggle(video);
  // The signed media URL is renewed now and then by the 60 s refetch; a new src would restart playback,
  // so the first one is kept (another video mounts a new player).
  const [src] = useState(source);

  useImperativeHandle(ref, () => ({
    play: () => void video.current?.play().catch(() => undefined),
    pause: () => video.current?.pause(),
    paused: () => video.current?.paused ?? true,
    currentTime: () => video.current?.currentTime ?? 0,
    duration: () => video.current?.duration ?? Number.NaN,
    seekTo: (seconds) => {
      if (video.current) video.current.currentTime = seconds;
    },
    rate: () => video.current?.playbackRate ?? 1,
    setRate: (rate) => {
      if (video.current) video.current.playbackRate = rate;
    },
  }));

  const now = () => video.current?.currentTime ?? 0;
  const metadata = useMetadataReady(video, (el) => {
    if (startAt) el.currentTime = startAt;
    if (autoplay) void el.play().catch(() => undefined);
    events.onTime?.(el.currentTime, el.duration);
  });

  return (
    <>
      {/* The caption <track>s come from the page (`tracks`); the rule cannot see through the expression. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={video}
        src={src}
        aria-label={title}
        controls
        // Fullscreen would hide the question cards (SPEC §4), so the native button is hidden as well.
        controlsList="nofullscreen"
        disablePictureInPicture
        playsInline
        preload="metadata"
        className="player-media"
        // SPEC §9's 480 px is the most it takes; narrower screens get a 16:9 box (player.css).
        style={{ maxHeight: PLAYER_HEIGHT_PX }}
        {...metadata}
        onTimeUpdate={(e) => events.onTime?.(e.currentTarget.currentTime, e.currentTarget.duration)}
        onPlay={() => events.onPlay?.(now())}
        onPause={(e) => {
          // The element pauses itself at the end; that is not a viewer's pause.
          if (!e.currentTarget.ended) events.onPause?.(now());
        }}
        onSeeked={() => events.onSeeked?.(now())}
        onRateChange={(e) => events.onRateChange?.(e.currentTarget.playbackRate, now())}
        onEnded={() => events.onEnded?.()}
      >
        {tracks}
      </video>
      {captions.available && (
        <button
          type="button"
          className="secondary caption-toggle"
          aria-pressed={captions.showing}
          onClick={captions.toggle}
        >
          Captions (C)
        </button>
      )}
    </>
  );
}
