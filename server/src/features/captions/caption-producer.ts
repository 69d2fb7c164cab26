import type { CaptionOwner, Cue } from '@lectern/shared';

// Where captions come from. Today: an upload (WebVTT or SRT) or the browser editor. Automatic speech-to-text
// can be added as a processing job (DESIGN §11) implementing CaptionProducer: the job reads the media file,
// produces cues, and hands them to publishCues (captions.service.ts), which validates, stores a new version
// and re-indexes the transcript exactly as for an upload. No model is available here, so none exists yet.

/** What a producer is asked to caption. */
export interface CaptionRequest {
  owner: CaptionOwner;
  ownerId: string;
  /** sha256 of the media file (local videos and answers), null for YouTube. */
  mediaSha256: string | null;
  durationSeconds: number | null;
  language: string;
}

/** The cues a producer made, and how it names itself in the version history (`source`). */
export interface ProducedCaptions {
  source: string;
  label: string;
  cues: Cue[];
}

export interface CaptionProducer {
  /** Stable name stored with each version it makes, e.g. `speech-to-text:whisper-small`. */
  readonly name: string;
  produce(request: CaptionRequest, signal?: AbortSignal): Promise<ProducedCaptions>;
}
