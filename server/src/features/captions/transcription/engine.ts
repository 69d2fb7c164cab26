/** A word an engine heard, with its place in the audio in seconds. */
export interface HeardWord {
  text: string;
  start: number;
  end: number;
}

export interface TranscribeOptions {
  /** Stops the engine (SIGKILL) when aborted; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with how far into the audio the engine has got, in seconds. */
  onProgress?: (seconds: number) => void;
}

/**
 * A speech recogniser behind the transcription job (issue 25). It reads 16 kHz mono 16-bit WAV, the one
 * format every engine takes, so the job extracts the audio once and any engine can be swapped in.
 */
export interface TranscriptionEngine {
  /** How the captions page names it, e.g. "PocketSphinx (US English)". */
  readonly name: string;
  transcribe(wavFile: string, options?: TranscribeOptions): Promise<HeardWord[]>;
}
