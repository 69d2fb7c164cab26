/** One caption cue: seconds into the video and its text (WebVTT cue payload, lines joined by \n). */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** A refused caption file or cue list: the message names the line (or cue) at fault. */
export interface CaptionProblem {
  /** 1-based line in the uploaded file; for a cue list, the cue's 1-based position. */
  line?: number;
  message: string;
}

export type CaptionResult = { ok: true; cues: Cue[] } | { ok: false; problem: CaptionProblem };
