import { AUTOMATIC_CAPTION_SOURCE } from '@lectern/shared';
import type { AppConfig } from '../../../config/env';
import type { TranscriptionEngine } from '../transcription/engine';
import { type PocketsphinxSetup, findPocketsphinx, pocketsphinxEngine } from '../transcription/pocketsphinx';
import { findWhisper, whisperEngine } from '../transcription/whisper';

/** The engine AUTO_CAPTIONS names, as a caption producer would sign its versions. */
export interface ConfiguredEngine {
  engine: TranscriptionEngine;
  /** The `source` of the versions it makes, e.g. `speech-to-text:pocketsphinx-en-us`. */
  source: string;
  /** The language it hears (a BCP 47 tag), the track it writes. */
  language: string;
  label: string;
}

const english = { language: 'en', label: 'English (automatic)' };

/**
 * The configured engine; a sentence saying why it cannot run (not installed, no usable model), or null
 * when automatic captions are off. Looked up at each use, so an engine installed or a model downloaded
 * while the server runs is found.
 */
export function configuredEngine(config: AppConfig): ConfiguredEngine | string | null {
  if (!config.autoCaptions) return null;
  if (config.autoCaptions.engine === 'whisper') {
    const model = findWhisper(config.autoCaptions.whisperModel);
    if (model !== config.autoCaptions.whisperModel) return model;
    return {
      engine: whisperEngine(model),
      source: `${AUTOMATIC_CAPTION_SOURCE}whisper-cpp`,
      ...english,
    };
  }
  const sphinx = findPocketsphinx(config.autoCaptions.pocketsphinxPath);
  return typeof sphinx === 'string' ? sphinx : pocketsphinxConfigured(sphinx);
}

/** PocketSphinx found at `setup`, with its model: Debian's, or a course's adapted to its voice (course-voice.ts). */
export const pocketsphinxConfigured = (setup: PocketsphinxSetup): ConfiguredEngine => ({
  engine: pocketsphinxEngine(setup),
  source: `${AUTOMATIC_CAPTION_SOURCE}pocketsphinx-en-us`,
  ...english,
});

/** The engine's name for the captions page, whether or not it can run. */
export function engineName(config: AppConfig): string | null {
  if (!config.autoCaptions) return null;
  return config.autoCaptions.engine === 'whisper' ? 'whisper.cpp' : 'PocketSphinx (US English)';
}

/** Why the configured engine cannot run, for a warning at start; null when it can or captions are off. */
export function engineProblem(config: AppConfig): string | null {
  const chosen = configuredEngine(config);
  return typeof chosen === 'string' ? chosen : null;
}
