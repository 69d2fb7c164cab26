import {
  AUTOMATIC_CAPTION_SOURCE,
  type AutoCaptionsDto,
  type CaptionOwner,
  type CaptionTrackDto,
} from '@lectern/shared';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRequestAutoCaptions } from '../api/caption-mutations';
import { useAutoCaptions } from '../api/captions-api';

// Automatic captions on the captions page (issue 25): where they stand, live (captions.automatic events),
// and "Generate captions" for a video that has none, whose run failed, or whose automatic track is to be
// made again. A hand-made track is never replaced, so the button is not offered beside one.

/** Said where corrections adapt the speech recogniser to the course (issue 25, the server's adaptation job). */
const TEACHES_VOICE =
  "Your corrections teach the automatic captions this course's voice: its later videos are heard with them.";

/** The sentence for each state; `reason` is the server's, said as it is. */
function sentenceFor(auto: AutoCaptionsDto): string {
  switch (auto.state) {
    case 'none':
      return 'No automatic captions yet.';
    case 'queued':
      return 'Automatic captions are queued.';
    case 'transcribing':
      return `Transcribing the speech… ${auto.progress ?? 0} %`;
    case 'done':
      return 'Automatic captions — review them: speech recognition makes mistakes, and your edits are kept.';
    case 'failed':
      return `Automatic captions failed: ${auto.reason ?? 'no reason given'}.`;
    case 'unavailable':
      return `Automatic captions are unavailable: ${auto.reason ?? 'no engine is installed'}`;
    case 'skipped':
      return 'No automatic captions were made: these captions were made by hand, and they are kept.';
  }
}

export function AutomaticCaptions({
  owner,
  ownerId,
  tracks,
}: {
  owner: CaptionOwner;
  ownerId: string;
  tracks: CaptionTrackDto[];
}) {
  const auto = useAutoCaptions(owner, ownerId);
  const request = useRequestAutoCaptions(owner, ownerId);
  if (!auto.data) return null;
  const state = auto.data;
  const handMade = tracks.some((t) => t.language === 'en' && !t.source.startsWith(AUTOMATIC_CAPTION_SOURCE));
  const busy = state.state === 'queued' || state.state === 'transcribing';
  const canRun = state.enabled && !busy && !handMade;
  const generate = () =>
    request
      .mutateAsync(undefined)
      .catch((e: unknown) => toast.error(errorMessage(e, 'The captions could not be queued.')));
  return (
    <section aria-labelledby="automatic-captions">
      <h2 id="automatic-captions">Automatic captions</h2>
      {state.enabled ? (
        <p role="status">{sentenceFor(state)}</p>
      ) : (
        <p>Automatic captions are turned off on this server (AUTO_CAPTIONS).</p>
      )}
      {state.state === 'transcribing' && (
        <progress max={100} value={state.progress ?? 0} aria-label="Transcription progress" />
      )}
      {state.engine && state.enabled && (
        <p className="hint">Speech recognition: {state.engine}, on this server.</p>
      )}
      {state.enabled && state.adaptsToCourse && <p className="hint">{TEACHES_VOICE}</p>}
      {canRun && (
        <button type="button" disabled={request.isPending} onClick={() => void generate()}>
          {state.state === 'done' ? 'Generate captions again' : 'Generate captions'}
        </button>
      )}
    </section>
  );
}
