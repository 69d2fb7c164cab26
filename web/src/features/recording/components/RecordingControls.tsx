import { type RecorderState, formatTimeLeft, recordedMs, timeLeftMs } from '../recorder-machine';
import { formatVideoTime } from '@lectern/shared';

export interface RecordingActions {
  start(): void;
  cancel(): void;
  pause(): void;
  resume(): void;
  stop(): void;
  close(): void;
}

/**
 * The buttons of the live stages (preview, countdown, recording, paused) and the clock. The first button
 * of each stage takes `primaryRef`, so focus follows the instructor from one stage to the next.
 */
export function RecordingControls({
  state,
  now,
  timeLimitMs,
  actions,
  primaryRef,
}: {
  state: RecorderState;
  now: number;
  timeLimitMs: number;
  actions: RecordingActions;
  primaryRef: React.Ref<HTMLButtonElement>;
}) {
  const running = state.kind === 'recording' || state.kind === 'paused';
  return (
    <div className="recorder-controls">
      {state.kind === 'preview' && (
        <>
          <button type="button" ref={primaryRef} onClick={actions.start}>
            Start recording
          </button>
          <button type="button" className="secondary" onClick={actions.close}>
            Change what to record
          </button>
        </>
      )}
      {state.kind === 'countdown' && (
        <button type="button" ref={primaryRef} className="secondary" onClick={actions.cancel}>
          Cancel countdown
        </button>
      )}
      {running && (
        <>
          {state.kind === 'recording' ? (
            <button type="button" ref={primaryRef} className="secondary" onClick={actions.pause}>
              Pause recording
            </button>
          ) : (
            <button type="button" ref={primaryRef} onClick={actions.resume}>
              Resume recording
            </button>
          )}
          <button type="button" className="danger" onClick={actions.stop}>
            Stop recording
          </button>
        </>
      )}
      {(running || state.kind === 'finishing') && (
        <p className="recorder-clock">
          {state.kind === 'recording' && <span className="recorder-dot" aria-hidden="true" />}
          Recorded {formatVideoTime(recordedMs(state, now) / 1000)}, time left{' '}
          {formatTimeLeft(timeLeftMs(state, now, timeLimitMs))}
        </p>
      )}
    </div>
  );
}
