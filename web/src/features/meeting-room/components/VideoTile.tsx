import { useEffect, useRef, useState } from 'react';

const STATS_MS = 1000;

const STATE_TEXT: Partial<Record<RTCPeerConnectionState, string>> = {
  new: 'Connecting…',
  connecting: 'Connecting…',
  connected: 'Connected',
  disconnected: 'Connection interrupted, reconnecting…',
  failed: 'Connection failed, retrying…',
};

/**
 * One person's picture and name. A remote tile also says how its connection is and carries the bytes
 * received from that person (`data-bytes-received`, from RTCPeerConnection stats): media really arrives.
 */
export function VideoTile({
  label,
  stream,
  self = false,
  state,
  media,
  stats,
}: {
  label: string;
  stream: MediaStream;
  /** The user's own tile: muted, so their voice does not echo from the speakers. */
  self?: boolean;
  state?: RTCPeerConnectionState;
  /** A remote tile: whether that person's microphone and camera are on, as they said (issue 21). */
  media?: { microphoneOn: boolean; cameraOn: boolean };
  /** A remote tile: whose bytes to count, and how. */
  stats?: { peerId: string; bytesFrom(peerId: string): Promise<number> };
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [bytes, setBytes] = useState(0);
  const hasVideo = stream.getVideoTracks().length > 0;

  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  });

  const peerId = stats?.peerId;
  const bytesFrom = stats?.bytesFrom;
  useEffect(() => {
    if (!peerId || !bytesFrom) return;
    const timer = setInterval(() => void bytesFrom(peerId).then(setBytes, () => undefined), STATS_MS);
    return () => clearInterval(timer);
  }, [peerId, bytesFrom]);

  return (
    <figure
      className={self ? 'room-tile room-tile-self' : 'room-tile'}
      data-bytes-received={stats ? bytes : undefined}
      data-peer-name={stats ? label : undefined}
    >
      {/* A live conversation has no captions file to attach. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video ref={video} autoPlay playsInline muted={self} aria-label={`${label}: camera`} />
      {!hasVideo && <span className="room-tile-placeholder">No camera</span>}
      {hasVideo && media?.cameraOn === false && <span className="room-tile-placeholder">Camera off</span>}
      <figcaption>
        {label}
        {media?.microphoneOn === false && <span className="room-tile-muted"> · Muted</span>}
        {state && <span className="room-tile-state"> · {STATE_TEXT[state] ?? state}</span>}
      </figcaption>
    </figure>
  );
}
