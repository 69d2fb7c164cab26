import { AUTOMATIC_CAPTION_SOURCE } from '@lectern/shared';
import type { AppConfig } from '../../../config/env';
import type { TranscriptionEngine } from '../transcription/engine';
import { findPocketsphinx, pocketsphinxEngine } from '../transcription/pocketsphinx';

/** The engine AUTO_CAPTIONS names, as a caption producer would sign its versions. */
export interface ConfiguredEngine {
  engine: TranscriptionEngine;
  /** The `source` of the versions it makes, e.g. `speech-to-text:pocketsphinx-en-us`. */
  source: string;
  /** The language it hears (a BCP 47 tag), the track it writes. */
  language: string;
  label: string;
}

/**
 * The configured engine; a sentence saying why it cannot run (not installed), or null when automatic
 * captions are off. Looked up at each use, so an engine installed while the server runs is found.
 */
export function configuredEngine(config: AppConfig): ConfiguredEngine | string | null {
  if (!config.autoCaptions) return null;
  const sphinx = findPocketsphinx(config.autoCaptions.pocketsphinxPath);
  if (typeof sphinx === 'string') return sphinx;
  return {
    engine: pocketsphinxEngine(sphinx),
    source: `${AUTOMATIC_CAPTION_SOURCE}pocketsphinx-en-us`,
    language: 'en',
    label: 'English (automatic)',
  };
}

/** The engine's name for the captions page, whether or not it is installed. */
export const engineName = (config: AppConfig) => (config.autoCaptions ? 'PocketSphinx (US English)' : null);
