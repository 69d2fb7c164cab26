import { formatVideoTime } from '@lectern/shared';
import type { CaptureMode, Sources } from './capture-plan';

// The recorder's states and moves, pure (no DOM, no timers): recorder-session.ts feeds it events and does the
// side effects. Times are passed in (`now`, ms), so recorded time and time left are exact under test.

/** The instructor's default limit for one take; long enough for an answer, short enough to upload. */
export const DEFAULT_TIME_LIMIT_MS = 20 * 60 * 1000;
export const COUNTDOWN_SECONDS = 3;

export interface Take {
  file: File;
  /** An object URL of `file` for playback; revoked by the session when the take is dropped. */
  url: string;
  durationMs: number;
}

interface Live {
  sources: Sources;
  notes: string[];
  /** A source ended during the take (the browser's "Stop sharing"): the take is kept, the devices not. */
  lost: boolean;
}

export type RecorderState =
  | { kind: 'idle'; problem: string | null }
  | { kind: 'acquiring'; mode: CaptureMode }
  | ({ kind: 'preview' } & Live)
  | ({ kind: 'countdown'; secondsLeft: number } & Live)
  | ({ kind: 'recording'; recordedMs: number; since: number } & Live)
  | ({ kind: 'paused'; recordedMs: number } & Live)
  | ({ kind: 'finishing'; recordedMs: number } & Live)
  | ({ kind: 'review'; take: Take; problem: string | null } & Live)
  | ({ kind: 'uploading'; take: Take } & Live)
  | { kind: 'done'; message: string };

export type RecorderEvent =
  | { type: 'acquire'; mode: CaptureMode }
  | { type: 'acquired'; sources: Sources; notes: string[] }
  | { type: 'failed'; problem: string }
  | { type: 'start' }
  | { type: 'tick'; now: number }
  | { type: 'clock'; now: number; limitMs: number }
  | { type: 'cancel' }
  | { type: 'pause'; now: number }
  | { type: 'resume'; now: number }
  | { type: 'stop'; now: number }
  | { type: 'recorded'; file: File; url: string }
  | { type: 'retake' }
  | { type: 'upload' }
  | { type: 'uploaded'; message: string }
  | { type: 'uploadFailed'; message: string }
  | { type: 'sourceEnded'; now: number }
  | { type: 'close' };

export const INITIAL_STATE: RecorderState = { kind: 'idle', problem: null };

const SOURCE_ENDED =
  'The screen or camera stopped sharing, so the preview ended. Choose what to record again.';

const live = (s: Live): Live => ({ sources: s.sources, notes: s.notes, lost: s.lost });

/** Time recorded so far, counting the running stretch of a recording up to `now`. */
export function recordedMs(state: RecorderState, now: number): number {
  switch (state.kind) {
    case 'recording':
      return state.recordedMs + Math.max(0, now - state.since);
    case 'paused':
    case 'finishing':
      return state.recordedMs;
    case 'review':
    case 'uploading':
      return state.take.durationMs;
    default:
      return 0;
  }
}

export const timeLeftMs = (state: RecorderState, now: number, limitMs: number): number =>
  Math.max(0, limitMs - recordedMs(state, now));

/** m:ss, rounding time left up so the clock reads 0:00 only when the time is really up. */
export const formatTimeLeft = (ms: number): string => formatVideoTime(Math.ceil(ms / 1000));

/** The move the recorder makes on `event`; an event that does not apply in `state` changes nothing. */
export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'acquire':
      return state.kind === 'idle' || state.kind === 'done' ? { kind: 'acquiring', mode: event.mode } : state;
    case 'acquired':
      return state.kind === 'acquiring'
        ? { kind: 'preview', sources: event.sources, notes: event.notes, lost: false }
        : state;
    case 'failed':
      return state.kind === 'acquiring' ? { kind: 'idle', problem: event.problem } : state;
    case 'start':
      return state.kind === 'preview'
        ? { kind: 'countdown', secondsLeft: COUNTDOWN_SECONDS, ...live(state) }
        : state;
    case 'tick':
      if (state.kind !== 'countdown') return state;
      return state.secondsLeft > 1
        ? { ...state, secondsLeft: state.secondsLeft - 1 }
        : { kind: 'recording', recordedMs: 0, since: event.now, ...live(state) };
    case 'clock':
      // The time limit: a take stops by itself, exactly at the limit, when its time is up.
      return state.kind === 'recording' && timeLeftMs(state, event.now, event.limitMs) <= 0
        ? { kind: 'finishing', recordedMs: event.limitMs, ...live(state) }
        : state;
    case 'cancel':
      return state.kind === 'countdown' ? { kind: 'preview', ...live(state) } : state;
    case 'pause':
      return state.kind === 'recording'
        ? { kind: 'paused', recordedMs: recordedMs(state, event.now), ...live(state) }
        : state;
    case 'resume':
      return state.kind === 'paused' ? { ...state, kind: 'recording', since: event.now } : state;
    case 'stop':
      return state.kind === 'recording' || state.kind === 'paused'
        ? { kind: 'finishing', recordedMs: recordedMs(state, event.now), ...live(state) }
        : state;
    case 'recorded':
      return state.kind === 'finishing'
        ? {
            kind: 'review',
            take: { file: event.file, url: event.url, durationMs: state.recordedMs },
            problem: null,
            ...live(state),
          }
        : state;
    case 'retake':
      if (state.kind !== 'review') return state;
      return state.lost ? INITIAL_STATE : { kind: 'preview', ...live(state) };
    case 'upload':
      return state.kind === 'review' ? { kind: 'uploading', take: state.take, ...live(state) } : state;
    case 'uploaded':
      return state.kind === 'uploading' ? { kind: 'done', message: event.message } : state;
    case 'uploadFailed':
      return state.kind === 'uploading'
        ? { kind: 'review', take: state.take, problem: event.message, ...live(state) }
        : state;
    case 'sourceEnded':
      return sourceEnded(state, event.now);
    case 'close':
      return state.kind === 'finishing' || state.kind === 'uploading' ? state : INITIAL_STATE;
  }
}

/** The browser's "Stop sharing" (or an unplugged camera): a running take is kept, a preview is over. */
function sourceEnded(state: RecorderState, now: number): RecorderState {
  switch (state.kind) {
    case 'recording':
    case 'paused':
      return { kind: 'finishing', recordedMs: recordedMs(state, now), ...live(state), lost: true };
    case 'preview':
    case 'countdown':
      return { kind: 'idle', problem: SOURCE_ENDED };
    default:
      return state;
  }
}

/** The take kept in `state`, if any: the session revokes its URL once the state no longer has it. */
export const takeOf = (state: RecorderState): Take | null =>
  state.kind === 'review' || state.kind === 'uploading' ? state.take : null;

/**
 * Whether the capture devices are in use: the session stops every track when this turns false. They stay
 * on while a take is reviewed, so a re-take needs no new permission, unless a source ended.
 */
export const holdsDevices = (state: RecorderState): boolean => {
  if (state.kind === 'idle' || state.kind === 'acquiring' || state.kind === 'done') return false;
  return !(state.lost && (state.kind === 'review' || state.kind === 'uploading'));
};
