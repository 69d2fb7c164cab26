import { PLAYER_HEIGHT_PX } from '@lectern/shared';
import {
  type ReactNode,
  type Ref,
  useEffectEvent,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { takeEarlyVideo } from '../../../lib/early-reads';
import { useMetadataReady } from '../../../lib/media/use-metadata-ready';
import { useCaptionToggle } from '../hooks/useCaptionToggle';
import type { PlayerHandle, PlayerSourceProps } from '../types';

/**
 * The player's <video> for `src`: the watch page shell's, when it is loading the same file, or a new one;
 * with the attributes the player's element always has (the shell's has them too, inline/watch-shell.html).
 */
function playerVideo(src: string): HTMLVideoElement {
  const video = takeEarlyVideo(src) ?? document.createElement('video');
  if (!video.getAttribute('src')) video.src = src;
  video.preload = 'metadata';
  video.controls = true;
  // Fullscreen would hide the question cards (SPEC §4), so the native button is hidden as well.
  video.setAttribute('controlslist', 'nofullscreen');
  video.disablePictureInPicture = true;
  video.playsInline = true;
  video.className = 'player-media';
  // SPEC §9's 480 px is the most it takes; narrower screens get a 16:9 box (player.css).
  video.style.maxHeight = `${PLAYER_HEIGHT_PX}px`;
  return video;
}

/**
 * A local mp4 (videoSource is a /media/… path on the same origin) in a plain <video> element, with its
 * caption <track>s (given by the page) toggled by a button and the C key.
 *
 * The element is made outside React's tree and placed in it, so that a cold watch page can adopt its
 * shell's, shown before the app ran (issue 14: the first frame). Its attributes and listeners are set
 * here; its <track>s go in by a portal.
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
  // The signed media URL is renewed now and then by the 60 s refetch; a new src would restart playback,
  // so the first one is kept (another video mounts a new player).
  const [element] = useState(() => playerVideo(source));
  const video = useRef(element);
  const host = useRef<HTMLDivElement>(null);
  const captions = useCaptionToggle(video);

  useImperativeHandle(ref, () => {
    const media = video.current;
    return {
      play: () => void media.play().catch(() => undefined),
      pause: () => media.pause(),
      paused: () => media.paused,
      currentTime: () => media.currentTime,
      duration: () => media.duration,
      seekTo: (seconds) => {
        media.currentTime = seconds;
      },
      rate: () => media.playbackRate,
      setRate: (rate) => {
        media.playbackRate = rate;
      },
    };
  });

  const metadataReady = useMetadataReady(video, (el) => {
    if (startAt) el.currentTime = startAt;
    if (autoplay) void el.play().catch(() => undefined);
    events.onTime?.(el.currentTime, el.duration);
  });

  const onMediaEvent = useEffectEvent((event: Event) => {
    const now = element.currentTime;
    switch (event.type) {
      case 'loadedmetadata':
        return metadataReady(element);
      case 'timeupdate':
        return events.onTime?.(now, element.duration);
      case 'play':
        return events.onPlay?.(now);
      // The element pauses itself at the end; that is not a viewer's pause.
      case 'pause':
        return element.ended ? undefined : events.onPause?.(now);
      case 'seeked':
        return events.onSeeked?.(now);
      case 'ratechange':
        return events.onRateChange?.(element.playbackRate, now);
      case 'ended':
        return events.onEnded?.();
    }
  });

  // In a layout effect, so the element is on the page and listened to before the browser paints.
  useLayoutEffect(() => {
    const media = video.current;
    host.current?.append(media);
    const types = ['loadedmetadata', 'timeupdate', 'play', 'pause', 'seeked', 'ratechange', 'ended'];
    for (const type of types) media.addEventListener(type, onMediaEvent);
    // An adopted element a viewer already started: its 'play' came before anyone listened.
    if (!media.paused) onMediaEvent(new Event('play'));
    return () => {
      for (const type of types) media.removeEventListener(type, onMediaEvent);
    };
  }, []);

  useLayoutEffect(() => video.current.setAttribute('aria-label', title), [title]);

  return (
    <>
      <div ref={host} className="player-media-host" />
      {tracks && createPortal(tracks, element)}
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
