import { formatVideoTime } from '@lectern/shared';
import { describeSources, devicesFor } from './capture-plan';
import type { RecorderState } from './recorder-machine';

/** What the recorder is doing, in one sentence for its live status region. */
export function statusText(state: RecorderState): string {
  switch (state.kind) {
    case 'idle':
      return state.problem ?? 'Not recording. Choose what to record, then turn on the preview.';
    case 'acquiring':
      return `Asking to use your ${listWords(devicesFor(state.mode))}…`;
    case 'preview':
      return `Preview of ${describeSources(state.sources)}. Not recording yet.`;
    case 'countdown':
      return `Recording starts in ${state.secondsLeft}`;
    case 'recording':
      return `Recording ${describeSources(state.sources)}`;
    case 'paused':
      return `Recording paused at ${formatVideoTime(state.recordedMs / 1000)}`;
    case 'finishing':
      return 'Finishing the recording…';
    case 'review':
      return (
        state.problem ??
        `Recorded ${formatVideoTime(state.take.durationMs / 1000)} of ${describeSources(state.sources)}. Play it back, re-take it, or use it.`
      );
    case 'uploading':
      return 'Sending the recording…';
    case 'done':
      return state.message;
  }
}

function listWords(words: string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
