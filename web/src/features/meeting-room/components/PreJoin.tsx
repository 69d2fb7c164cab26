import { useEffect, useId, useState } from 'react';
import { type DeviceChoice, listDevices } from '../local-media';
import type { RoomSession, RoomSnapshot } from '../room-session';
import { VideoTile } from './VideoTile';

type Devices = Awaited<ReturnType<typeof listDevices>>;

/**
 * Before joining (issue 21): what will happen, the user's own picture, the camera and microphone to use,
 * and why one is missing or refused; then "Join the meeting", which sends what the preview shows.
 */
export function PreJoin({
  session,
  snapshot: s,
  canJoin,
}: {
  session: RoomSession;
  snapshot: RoomSnapshot;
  /** The events stream that carries the others' signals is open. */
  canJoin: boolean;
}) {
  const [choice, setChoice] = useState<DeviceChoice>({});
  const [devices, setDevices] = useState<Devices>({ cameras: [], microphones: [] });
  const id = useId();
  useEffect(() => {
    void session.preview(choice).then(listDevices).then(setDevices);
  }, [session, choice]);
  const inUse = (kind: 'video' | 'audio') =>
    s.localStream
      ?.getTracks()
      .find((t) => t.kind === kind)
      ?.getSettings().deviceId ?? '';

  return (
    <section aria-labelledby={`${id}-heading`} className="room-prejoin">
      <h2 id={`${id}-heading`}>Before you join</h2>
      <p>
        When you join, the others in the room see and hear you, and you them. The instructor&apos;s browser
        records the meeting: the recording can become the answer to the question.
      </p>
      {s.localStream && s.localStream.getTracks().length > 0 && (
        <VideoTile label="Your picture before joining" stream={s.localStream} self />
      )}
      {s.mediaProblem && (
        <p role="alert" className="error-text">
          {s.mediaProblem}
        </p>
      )}
      <div className="form">
        {devices.cameras.length > 0 && (
          <label>
            Camera
            <select
              value={choice.cameraId ?? inUse('video')}
              onChange={(e) => setChoice({ ...choice, cameraId: e.target.value })}
            >
              {devices.cameras.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `Camera ${i + 1}`}
                </option>
              ))}
            </select>
          </label>
        )}
        {devices.microphones.length > 0 && (
          <label>
            Microphone
            <select
              value={choice.microphoneId ?? inUse('audio')}
              onChange={(e) => setChoice({ ...choice, microphoneId: e.target.value })}
            >
              {devices.microphones.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `Microphone ${i + 1}`}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" onClick={() => void session.join()} disabled={!canJoin}>
          Join the meeting
        </button>
      </div>
    </section>
  );
}
