import { type ReactNode, useEffect, useRef } from 'react';
import type { FinishTake } from '../recorder-session';
import { useRecorder } from '../use-recorder';
import { statusText } from '../recorder-status';
import { LivePreview } from './LivePreview';
import { RecordingControls } from './RecordingControls';
import { SourcePicker } from './SourcePicker';
import { TakeReview } from './TakeReview';
import '../recording.css';

export interface RecorderProps {
  /** The label of the button that uses the take, e.g. "Upload recording". */
  finishLabel: string;
  /** Uploads or queues the take; `title` is '' unless `askTitle`. Its message ends the session. */
  onFinish(file: File, title: string): ReturnType<FinishTake>;
  /** Another upload is running: the take waits. */
  busy?: boolean;
  /** The upload's progress, shown while this recorder's take is being sent. */
  progress?: ReactNode;
  askTitle?: boolean;
  timeLimitMs?: number;
}

/**
 * Records the camera, the screen, or the screen with the camera in a corner, with the microphone: preview,
 * 3-2-1, pause and resume, a time limit, playback, re-take, then `onFinish`. Everything is a real button;
 * the status line says what is being recorded, and focus moves to the next stage's main button.
 */
export function Recorder({
  finishLabel,
  onFinish,
  busy = false,
  progress,
  askTitle = false,
  timeLimitMs,
}: RecorderProps) {
  const { session, state, now, stream } = useRecorder(timeLimitMs);
  const root = useRef<HTMLDivElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const shownKind = useRef(state.kind);

  // A stage's buttons replace the last one's; without this, focus would fall back to the page's top.
  useEffect(() => {
    if (shownKind.current === state.kind) return;
    shownKind.current = state.kind;
    const focused = document.activeElement;
    if (focused === document.body || root.current?.contains(focused)) primary.current?.focus();
  }, [state.kind]);

  const problem = state.kind === 'idle' || state.kind === 'review' ? state.problem : null;
  const notes = 'notes' in state ? state.notes : [];
  const live = ['preview', 'countdown', 'recording', 'paused', 'finishing'].includes(state.kind);

  return (
    <div className="recorder" ref={root}>
      <p role="status" className="recorder-status">
        {problem ? '' : statusText(state)}
      </p>
      {problem && (
        <p role="alert" className="error-text">
          {problem}
        </p>
      )}
      {notes.length > 0 && live && (
        <ul className="hint recorder-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {(state.kind === 'idle' || state.kind === 'acquiring') && (
        <SourcePicker
          onPreview={(mode) => void session.acquire(mode)}
          disabled={state.kind === 'acquiring'}
          buttonRef={primary}
        />
      )}
      {live && (
        <>
          <LivePreview stream={stream} countdown={state.kind === 'countdown' ? state.secondsLeft : null} />
          <RecordingControls
            state={state}
            now={now}
            timeLimitMs={session.timeLimitMs}
            actions={session}
            primaryRef={primary}
          />
        </>
      )}
      {(state.kind === 'review' || state.kind === 'uploading') && (
        <TakeReview
          take={state.take}
          uploading={state.kind === 'uploading'}
          busy={busy}
          finishLabel={finishLabel}
          askTitle={askTitle}
          progress={progress}
          onUse={(title) => void session.use((file) => onFinish(file, title))}
          onRetake={session.retake}
          onDiscard={session.close}
          primaryRef={primary}
        />
      )}
      {state.kind === 'done' && (
        <button type="button" ref={primary} className="secondary" onClick={session.close}>
          Record another
        </button>
      )}
    </div>
  );
}
