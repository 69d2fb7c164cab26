import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

// Automatic captions' variables (issue 25): the engine, its model, how many run at once, and sphinxtrain.

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('the automatic captions configuration', () => {
  it('is PocketSphinx, one transcription at a time, by default; off turns it off', () => {
    expect(load({}).autoCaptions).toEqual({
      engine: 'pocketsphinx',
      pocketsphinxPath: undefined,
      whisperModel: undefined,
      concurrency: 1,
      // Debian's sphinxtrain, which adapts PocketSphinx to a course's voice where it is installed.
      sphinxtrainPath: '/usr/lib/sphinxtrain',
    });
    expect(load({ SPHINXTRAIN_PATH: '/opt/sphinxtrain' }).autoCaptions).toMatchObject({
      sphinxtrainPath: '/opt/sphinxtrain',
    });
    expect(load({ AUTO_CAPTIONS: 'off' }).autoCaptions).toBeNull();
  });

  it('takes whisper with its model (an absolute path) and a higher TRANSCRIBE_CONCURRENCY', () => {
    const config = load({
      AUTO_CAPTIONS: 'whisper',
      TRANSCRIBE_MODEL: 'models/ggml-base.en.bin',
      TRANSCRIBE_CONCURRENCY: '2',
    });
    expect(config.autoCaptions).toMatchObject({
      engine: 'whisper',
      whisperModel: path.resolve('models/ggml-base.en.bin'),
      concurrency: 2,
    });
  });

  it('refuses an unknown engine and a concurrency that is not 1 to 16', () => {
    expect(() => load({ AUTO_CAPTIONS: 'vosk' })).toThrow(ConfigError);
    for (const bad of ['0', '17', '1.5', 'two'])
      expect(() => load({ TRANSCRIBE_CONCURRENCY: bad })).toThrow(/TRANSCRIBE_CONCURRENCY/);
  });
});
