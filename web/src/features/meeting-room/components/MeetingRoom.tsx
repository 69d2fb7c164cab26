import { type ReactNode, useState } from 'react';
import { useEventsStatus } from '../../../lib/events/EventsProvider';
import type { RoomSnapshot, UploadRecording } from '../room-session';
import { useRoomSession } from '../use-room-session';
import { PeopleInRoom } from './PeopleInRoom';
import { PreJoin } from './PreJoin';
import { VideoTile } from './VideoTile';
import '../meeting-room.css';

export const WAITING_FOR_INSTRUCTOR = 'Waiting for the instructor…';

/** The status line: what the user is waiting for, or who they are talking with. */
function statusOf(s: RoomSnapshot): string {
  if (s.message) return s.message;
  if (s.phase !== 'inRoom' || !s.self) return '';
  const instructorHere = s.remotes.some((r) => r.peer.role === 'instructor');
  if (s.self.role === 'student' && !instructorHere) return WAITING_FOR_INSTRUCTOR;
  if (s.remotes.length === 0) return 'You are alone in the room. The student has left or not joined yet.';
  const names = s.remotes.map((r) => r.peer.fullName).join(', ');
  return `In the meeting with ${names}.${s.recording ? ' The meeting is being recorded.' : ''}`;
}

/**
 * A live room of the built-in provider: join, see and hear the others, and (instructors) share a screen
 * and end the meeting, which uploads its recording as the question's answer through `uploadRecording`.
 */
export function MeetingRoom({
  questionId,
  uploadRecording,
  progress,
  after,
}: {
  questionId: string;
  uploadRecording: UploadRecording;
  /** The upload's progress bar, while the recording is sent. */
  progress?: ReactNode;
  /** Once the meeting ended or the user left: where to go from here. */
  after?: ReactNode;
}) {
  const { session, snapshot: s } = useRoomSession(questionId);
  // Signals arrive on the events stream: joining before it is open could miss the first offer.
  const streamOpen = useEventsStatus() === 'open';
  const inRoom = s.phase === 'inRoom' || s.phase === 'reconnecting';
  const instructor = s.self?.role === 'instructor';
  const [confirmingEnd, setConfirmingEnd] = useState(false);

  return (
    <div className="meeting-room">
      <p role="status" className="room-status">
        {statusOf(s)}
      </p>
      {s.mediaProblem && inRoom && (
        <p role="alert" className="error-text">
          {s.mediaProblem}
        </p>
      )}
      {(s.phase === 'idle' || s.phase === 'failed') && (
        <PreJoin session={session} snapshot={s} canJoin={streamOpen} />
      )}
      {inRoom && s.self && (
        <>
          <PeopleInRoom self={s.self} others={s.remotes.map((r) => r.peer)} />
          <div className="room-tiles">
            {s.localStream && <VideoTile label={`${s.self.fullName} (you)`} stream={s.localStream} self />}
            {s.screen && <VideoTile label="Your shared screen" stream={s.screen} self />}
            {s.remotes.map((r) => (
              <VideoTile
                key={r.peer.peerId}
                label={r.peer.fullName}
                stream={r.stream}
                state={r.state}
                media={{ microphoneOn: r.microphoneOn, cameraOn: r.cameraOn }}
                stats={{ peerId: r.peer.peerId, bytesFrom: session.bytesFrom }}
              />
            ))}
            {s.remotes.map(
              (r) =>
                r.screen && (
                  <VideoTile
                    key={`${r.peer.peerId}-screen`}
                    label={`${r.peer.fullName}: shared screen`}
                    stream={r.screen}
                  />
                ),
            )}
          </div>
          <div className="room-controls" role="group" aria-label="Meeting controls">
            <button
              type="button"
              aria-pressed={!s.microphoneOn}
              onClick={() => session.setMicrophone(!s.microphoneOn)}
            >
              {s.microphoneOn ? 'Mute' : 'Unmute'}
            </button>
            <button type="button" aria-pressed={!s.cameraOn} onClick={() => session.setCamera(!s.cameraOn)}>
              {s.cameraOn ? 'Turn camera off' : 'Turn camera on'}
            </button>
            {instructor &&
              (s.screen ? (
                <button type="button" onClick={session.stopScreen}>
                  Stop sharing
                </button>
              ) : (
                <button type="button" onClick={() => void session.shareScreen()}>
                  Share screen
                </button>
              ))}
            <button type="button" onClick={session.leave}>
              Leave
            </button>
            {instructor && !confirmingEnd && (
              <button type="button" className="danger" onClick={() => setConfirmingEnd(true)}>
                End for everyone
              </button>
            )}
          </div>
          {instructor &&
            confirmingEnd &&
            (s.recording && !s.metSomeone ? (
              <SoloRecordingChoice
                onChoose={(recording) => void session.end(uploadRecording, recording)}
                onCancel={() => setConfirmingEnd(false)}
              />
            ) : (
              <EndConfirmation
                alone={s.remotes.length === 0}
                onEnd={() => void session.end(uploadRecording)}
                onCancel={() => setConfirmingEnd(false)}
              />
            ))}
        </>
      )}
      {s.phase === 'ended' && after}
      {s.phase === 'ended' && progress}
      {s.phase === 'ended' && s.pendingFile && !progress && (
        <button type="button" onClick={() => void session.upload(uploadRecording)}>
          Try the upload again
        </button>
      )}
    </div>
  );
}

/** "End for everyone" asks first: it closes the room for all and the recording becomes the answer. */
function EndConfirmation({ alone, onEnd, onCancel }: { alone: boolean; onEnd(): void; onCancel(): void }) {
  return (
    <div role="alertdialog" aria-labelledby="end-confirm" className="room-end-confirm">
      <p id="end-confirm">
        {alone
          ? 'Nobody else is in the room. End the meeting anyway? Your recording becomes the answer.'
          : 'End the meeting for everyone? The others leave the room and the recording becomes the answer.'}
      </p>
      {/* The choice is the point of this box: focus goes to it (not the destructive one). */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <button type="button" onClick={onCancel} autoFocus>
        Cancel
      </button>
      <button type="button" className="danger" onClick={onEnd}>
        End the meeting
      </button>
    </div>
  );
}

/**
 * Nobody else came while this tab recorded (issue 21): the recording is only the instructor, so it
 * becomes the student's answer only if they choose it; discarding it leaves the question waiting.
 */
function SoloRecordingChoice({
  onChoose,
  onCancel,
}: {
  onChoose(recording: 'answer' | 'discard'): void;
  onCancel(): void;
}) {
  return (
    <div role="alertdialog" aria-labelledby="solo-confirm" className="room-end-confirm">
      <p id="solo-confirm">
        Nobody else joined this meeting. Use your recording as the student&apos;s answer, or discard it and
        answer later?
      </p>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <button type="button" onClick={onCancel} autoFocus>
        Cancel
      </button>
      <button type="button" onClick={() => onChoose('answer')}>
        Use this recording as the answer
      </button>
      <button type="button" className="danger" onClick={() => onChoose('discard')}>
        Discard
      </button>
    </div>
  );
}
