import type { LectureVideoSourceType } from '@lectern/shared';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import type { UsageContext } from '../../../lib/usage-log';
import { useFullscreenRefusal } from '../hooks/useFullscreenRefusal';
import { useLectureUsage } from '../hooks/useLectureUsage';
import { usePlayerKeys } from '../hooks/usePlayerKeys';
import type { PlayerEvents, PlayerHandle } from '../types';
import { mergePlayerEvents } from '../utils/merge-events';
import { skipTarget } from '../utils/playback';
import { Html5Player } from './Html5Player';
import { KeyboardHelp } from './KeyboardHelp';
import { PlayerControls } from './PlayerControls';
import { YouTubeFrame } from './YouTubeFrame';
import '../player.css';

export interface PlayableVideo {
  id: string;
  title: string;
  sourceType: LectureVideoSourceType;
  videoSource: string;
}

/**
 * The lecture player: a local mp4 or a YouTube video behind one handle, with speed and skip controls,
 * keyboard shortcuts (`?` lists them) and fullscreen refused. The page holds `handle` to read the time,
 * seek and pause.
 */
export function LecturePlayer({
  video,
  handle,
  startAt,
  autoplay,
  tracks,
  usage,
  ...pageEvents
}: PlayerEvents & {
  video: PlayableVideo;
  handle: RefObject<PlayerHandle | null>;
  startAt?: number;
  autoplay?: boolean;
  /** Caption <track> elements for a local video; YouTube shows its own captions. */
  tracks?: ReactNode;
  /** Ids the lecture usage events and progress reports are logged with; none: nothing is logged. */
  usage?: UsageContext;
}) {
  const events = mergePlayerEvents(useLectureUsage(usage), pageEvents);
  const [rate, setRate] = useState(1);
  const [helpOpen, setHelpOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  useFullscreenRefusal(() => handle.current?.pause());
  usePlayerKeys(handle, container, () => setHelpOpen(true));

  const common = {
    ref: handle,
    title: video.title,
    source: video.videoSource,
    startAt,
    autoplay,
    ...events,
    onRateChange: (r: number, t: number) => {
      setRate(Math.round(r * 10) / 10);
      events.onRateChange?.(r, t);
    },
  };

  return (
    <div className="lecture-player" ref={container}>
      {video.sourceType === 'youtubeLink' ? (
        <YouTubeFrame key={video.id} {...common} />
      ) : (
        <Html5Player key={video.id} {...common} tracks={tracks} />
      )}
      <PlayerControls
        rate={rate}
        onRate={(r) => handle.current?.setRate(r)}
        onSkip={(delta) => {
          const player = handle.current;
          if (player) player.seekTo(skipTarget(player.currentTime(), delta, player.duration()));
        }}
        onHelp={() => setHelpOpen(true)}
      />
      {helpOpen && <KeyboardHelp onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
