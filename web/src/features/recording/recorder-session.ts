import { type Capture, CaptureRefused, openCapture } from './capture';
import type { CaptureMode } from './capture-plan';
import {
  DEFAULT_TIME_LIMIT_MS,
  INITIAL_STATE,
  type RecorderEvent,
  type RecorderState,
  holdsDevices,
  recorderReducer,
  takeOf,
} from './recorder-machine';
import { recordStream, supportedMimeType } from '../../lib/media/record-stream';

/** What the page does with a finished take (upload it, queue it); its message ends the session. */
export type FinishTake = (file: File) => Promise<{ ok: boolean; message: string }>;

export interface RecorderSnapshot {
  state: RecorderState;
  /** The clock of the last tick, for the recorded time and time left on screen. */
  now: number;
  /** What the preview shows: exactly the stream being recorded. */
  stream: MediaStream | null;
}

const CLOCK_MS = 250;
const NO_RECORDING = 'This browser cannot record video. Upload a video file instead.';

/**
 * One recorder on a page. The pure machine decides each move; this object does what a move means for the
 * devices (tracks, MediaRecorder), the take's object URL and the timers (3-2-1, clock, time limit), in one
 * place (`follow`). Every track stops as soon as the devices are not needed, and on `dispose`.
 */
export class RecorderSession {
  private snapshot: RecorderSnapshot = { state: INITIAL_STATE, now: 0, stream: null };
  private readonly listeners = new Set<() => void>();
  private capture: Capture | null = null;
  private recorder: MediaRecorder | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly timeLimitMs = DEFAULT_TIME_LIMIT_MS) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;

  acquire = async (mode: CaptureMode) => {
    this.send({ type: 'acquire', mode });
    if (this.snapshot.state.kind !== 'acquiring') return;
    if (!supportedMimeType()) return this.send({ type: 'failed', problem: NO_RECORDING });
    try {
      const opened = await openCapture(mode);
      // Closed or unmounted while the browser asked: nothing may keep the camera on.
      if (this.snapshot.state.kind !== 'acquiring') return opened.stop();
      this.capture = opened;
      opened.onSourceEnded(() => this.send({ type: 'sourceEnded', now: Date.now() }));
      this.update({ stream: opened.stream });
      this.send({ type: 'acquired', sources: opened.sources, notes: opened.notes });
    } catch (error) {
      const problem =
        error instanceof CaptureRefused ? error.message : `Recording could not start: ${String(error)}`;
      this.send({ type: 'failed', problem });
    }
  };
  start = () => this.send({ type: 'start' });
  cancel = () => this.send({ type: 'cancel' });
  pause = () => this.send({ type: 'pause', now: Date.now() });
  resume = () => this.send({ type: 'resume', now: Date.now() });
  stop = () => this.send({ type: 'stop', now: Date.now() });
  retake = () => this.send({ type: 'retake' });
  close = () => this.send({ type: 'close' });

  use = async (finish: FinishTake) => {
    const take = takeOf(this.snapshot.state);
    if (this.snapshot.state.kind !== 'review' || !take) return;
    this.send({ type: 'upload' });
    const outcome = await finish(take.file);
    this.send(
      outcome.ok
        ? { type: 'uploaded', message: outcome.message }
        : { type: 'uploadFailed', message: outcome.message },
    );
  };

  /** The page is gone: drop everything, whatever the state. The session can start again afterwards. */
  dispose = () => {
    const take = takeOf(this.snapshot.state);
    if (take) URL.revokeObjectURL(take.url);
    clearTimeout(this.timer);
    this.release();
    this.update({ state: INITIAL_STATE });
  };

  private send(event: RecorderEvent) {
    const before = this.snapshot.state;
    const state = recorderReducer(before, event);
    if ('now' in event) this.update({ now: event.now, state });
    else if (state !== before) this.update({ state });
    if (state !== before) this.follow(before, state);
  }

  private follow(before: RecorderState, state: RecorderState) {
    clearTimeout(this.timer); // clears the interval too: timeouts and intervals share one id pool

    if (state.kind === 'countdown') {
      this.timer = setTimeout(() => this.send({ type: 'tick', now: Date.now() }), 1000);
    }
    if (state.kind === 'recording') {
      if (before.kind === 'countdown') this.record();
      else this.recorder?.resume();
      this.timer = setInterval(
        () => this.send({ type: 'clock', now: Date.now(), limitMs: this.timeLimitMs }),
        CLOCK_MS,
      );
    }
    if (state.kind === 'paused') this.recorder?.pause();
    if (state.kind === 'finishing' && this.recorder?.state !== 'inactive') this.recorder?.stop();
    const take = takeOf(before);
    if (take && takeOf(state) !== take) URL.revokeObjectURL(take.url);
    if (!holdsDevices(state)) this.release();
  }

  private record() {
    const mimeType = supportedMimeType();
    if (!this.capture || !mimeType) return;
    this.recorder = recordStream(this.capture.stream, mimeType, (file) =>
      this.send({ type: 'recorded', file, url: URL.createObjectURL(file) }),
    );
  }

  private release() {
    const recorder = this.recorder;
    this.recorder = null;
    if (recorder) recorder.onstop = null; // dropped, not kept: no take comes out of it
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    this.capture?.stop();
    this.capture = null;
    if (this.snapshot.stream) this.update({ stream: null });
  }

  private update(patch: Partial<RecorderSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((listener) => listener());
  }
}
