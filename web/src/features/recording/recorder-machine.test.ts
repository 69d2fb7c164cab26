import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_LIMIT_MS,
  INITIAL_STATE,
  type RecorderEvent,
  type RecorderState,
  type Take,
  formatTimeLeft,
  holdsDevices,
  recordedMs,
  recorderReducer,
  takeOf,
  timeLeftMs,
} from './recorder-machine';
import { statusText } from './recorder-status';

const sources = { video: 'camera', audio: true } as const;
const take: Take = {
  file: new File([new Uint8Array(8)], 'recording.webm'),
  url: 'blob:x',
  durationMs: 5_000,
};
const recorded: RecorderEvent = { type: 'recorded', file: take.file, url: take.url };
const run = (events: RecorderEvent[], from: RecorderState = INITIAL_STATE) =>
  events.reduce(recorderReducer, from);
const toPreview: RecorderEvent[] = [
  { type: 'acquire', mode: 'camera' },
  { type: 'acquired', sources, notes: [] },
];
const toRecording = (at: number): RecorderEvent[] => [
  ...toPreview,
  { type: 'start' },
  { type: 'tick', now: at - 2_000 },
  { type: 'tick', now: at - 1_000 },
  { type: 'tick', now: at },
];

describe('recorder state machine', () => {
  it('counts down 3-2-1 before recording, and a cancelled countdown records nothing', () => {
    const counting = run([...toPreview, { type: 'start' }]);
    expect(statusText(counting)).toBe('Recording starts in 3');
    expect(statusText(run([{ type: 'tick', now: 1 }], counting))).toBe('Recording starts in 2');
    expect(
      run(
        [
          { type: 'tick', now: 1 },
          { type: 'tick', now: 2 },
        ],
        counting,
      ),
    ).toMatchObject({
      kind: 'countdown',
      secondsLeft: 1,
    });
    expect(run(toRecording(10_000))).toMatchObject({ kind: 'recording', recordedMs: 0, since: 10_000 });
    expect(run([{ type: 'tick', now: 1 }, { type: 'cancel' }], counting).kind).toBe('preview');
  });

  it('does not count paused time, and stopping keeps the time recorded', () => {
    const paused = run([...toRecording(0), { type: 'pause', now: 4_000 }]);
    expect(recordedMs(paused, 60_000)).toBe(4_000);
    const resumed = run([{ type: 'resume', now: 60_000 }], paused);
    expect(recordedMs(resumed, 61_500)).toBe(5_500);
    const finishing = run([{ type: 'stop', now: 62_000 }], resumed);
    expect(finishing).toMatchObject({ kind: 'finishing', recordedMs: 6_000 });
    expect(run([{ type: 'stop', now: 1 }], paused)).toMatchObject({ kind: 'finishing', recordedMs: 4_000 });
  });

  it('shows time left against the limit, reading 0:00 only when it is up', () => {
    const recording = run(toRecording(0));
    expect(formatTimeLeft(timeLeftMs(recording, 5_000, DEFAULT_TIME_LIMIT_MS))).toBe('19:55');
    expect(formatTimeLeft(timeLeftMs(recording, 5_400, DEFAULT_TIME_LIMIT_MS))).toBe('19:55');
    expect(formatTimeLeft(timeLeftMs(recording, 9_999, 10_000))).toBe('0:01');
    expect(timeLeftMs(recording, 10_000, 10_000)).toBe(0);
    expect(timeLeftMs(recording, 99_000, 10_000)).toBe(0);
  });

  it('stops the take by itself when the time limit is reached, and not before', () => {
    const recording = run(toRecording(0));
    const limitMs = 60_000;
    expect(run([{ type: 'clock', now: 59_999, limitMs }], recording)).toBe(recording);
    expect(run([{ type: 'clock', now: 60_200, limitMs }], recording)).toMatchObject({
      kind: 'finishing',
      recordedMs: 60_000,
    });
    const paused = run([{ type: 'pause', now: 30_000 }], recording);
    expect(run([{ type: 'clock', now: 999_999, limitMs }], paused)).toBe(paused);
  });

  it('reviews the take, re-takes from the same preview, and uploads it', () => {
    const review = run([...toRecording(0), { type: 'stop', now: 5_000 }, recorded]);
    expect(review).toMatchObject({ kind: 'review', take, problem: null });
    expect(statusText(review)).toBe(
      'Recorded 0:05 of your camera and microphone. Play it back, re-take it, or use it.',
    );
    expect(run([{ type: 'retake' }], review)).toEqual({ kind: 'preview', sources, notes: [], lost: false });
    const uploading = run([{ type: 'upload' }], review);
    expect(uploading.kind).toBe('uploading');
    expect(run([{ type: 'uploaded', message: 'File Upload Successful' }], uploading)).toEqual({
      kind: 'done',
      message: 'File Upload Successful',
    });
  });

  it('keeps the take after a failed upload, so it can be sent again', () => {
    const failed = run([...toRecording(0), { type: 'stop', now: 5_000 }, recorded]);
    const again = run(
      [{ type: 'upload' }, { type: 'uploadFailed', message: 'File upload failed: 415' }],
      failed,
    );
    expect(again).toMatchObject({ kind: 'review', take, problem: 'File upload failed: 415' });
    expect(statusText(again)).toBe('File upload failed: 415');
  });

  it('keeps a running take when the shared screen ends, then lets the devices go; a preview is dropped', () => {
    const finishing = run([...toRecording(0), { type: 'sourceEnded', now: 3_000 }]);
    expect(finishing).toMatchObject({ kind: 'finishing', recordedMs: 3_000, lost: true });
    expect(holdsDevices(finishing)).toBe(true); // the MediaRecorder still has to hand over the take
    const review = run([recorded], finishing);
    expect(review).toMatchObject({ kind: 'review', take: { durationMs: 3_000 } });
    expect(holdsDevices(review)).toBe(false);
    expect(run([{ type: 'retake' }], review)).toBe(INITIAL_STATE);
    const ended = run([...toPreview, { type: 'sourceEnded', now: 1 }]);
    expect(ended.kind).toBe('idle');
    expect(statusText(ended)).toMatch(/stopped sharing/);
  });

  it('returns to the choice with the problem when the devices are refused', () => {
    const refused = run([
      { type: 'acquire', mode: 'camera' },
      { type: 'failed', problem: 'Camera access was denied.' },
    ]);
    expect(refused).toEqual({ kind: 'idle', problem: 'Camera access was denied.' });
    expect(statusText(run([{ type: 'acquire', mode: 'screenWithCamera' }]))).toBe(
      'Asking to use your screen, camera and microphone…',
    );
  });

  it('ignores events that do not apply, so a double click cannot skip a step', () => {
    const recording = run(toRecording(0));
    expect(run([{ type: 'start' }, { type: 'resume', now: 9 }, { type: 'retake' }], recording)).toBe(
      recording,
    );
    expect(
      run([
        { type: 'stop', now: 1 },
        { type: 'pause', now: 2 },
      ]),
    ).toBe(INITIAL_STATE);
    const uploading = run([...toRecording(0), { type: 'stop', now: 1 }, recorded, { type: 'upload' }]);
    expect(run([{ type: 'close' }, { type: 'upload' }], uploading)).toBe(uploading);
  });

  it('holds the devices from the preview until the take is used or dropped', () => {
    expect(holdsDevices(INITIAL_STATE)).toBe(false);
    expect(holdsDevices(run(toPreview))).toBe(true);
    expect(holdsDevices(run([...toRecording(0), { type: 'pause', now: 1 }]))).toBe(true);
    expect(holdsDevices(run([...toPreview, { type: 'close' }]))).toBe(false);
    const review = run([...toRecording(0), { type: 'stop', now: 5_000 }, recorded]);
    expect(takeOf(review)).toEqual(take);
    expect(takeOf(run([{ type: 'retake' }], review))).toBeNull();
  });
});
