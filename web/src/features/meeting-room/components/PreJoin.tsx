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
        <DeviceSelect
          label="Camera"
          devices={devices.cameras}
          value={choice.cameraId ?? inUse('video')}
          onChoose={(cameraId) => setChoice({ ...choice, cameraId })}
        />
        <DeviceSelect
          label="Microphone"
          devices={devices.microphones}
          value={choice.microphoneId ?? inUse('audio')}
          onChoose={(microphoneId) => setChoice({ ...choice, microphoneId })}
        />
        <button type="button" onClick={() => void session.join()} disabled={!canJoin}>
          Join the meeting
        </button>
      </div>
    </section>
  );
}

/** One kind of device to choose from; nothing when the browser lists none. */
function DeviceSelect({
  label,
  devices,
  value,
  onChoose,
}: {
  label: string;
  devices: MediaDeviceInfo[];
  value: string;
  onChoose(deviceId: string): void;
}) {
  if (devices.length === 0) return null;
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChoose(e.target.value)}>
        {devices.map((d, i) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label || `${label} ${i + 1}`}
          </option>
        ))}
      </select>
    </label>
  );
}
