import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';
import { findFfmpegTools } from './ffmpeg-tools';

// Which ffmpeg runs (issue 20): FFMPEG_PATH when set (and it must be an executable file), else the
// system's with its ffprobe, else the npm package's old build.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-tools-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const executable = (name: string) => {
  fs.writeFileSync(path.join(dir, name), '#!/bin/sh\n', { mode: 0o755 });
  return path.join(dir, name);
};

describe('findFfmpegTools', () => {
  it('prefers an ffmpeg on PATH, with the ffprobe beside it', () => {
    const ffmpeg = executable('ffmpeg');
    const ffprobe = executable('ffprobe');
    expect(findFfmpegTools(undefined, `relative:${dir}`, [])).toMatchObject({
      ffmpeg,
      ffprobe,
      source: 'system',
    });
  });

  it('falls back to the bundled build, which has no ffprobe, when the system has none', () => {
    const tools = findFfmpegTools(undefined, '', [path.join(dir, 'empty')]);
    expect(tools).toMatchObject({ ffprobe: null, source: 'bundled' });
    expect(typeof tools !== 'string' && tools.ffmpeg).toContain('@ffmpeg-installer');
  });

  it('finds Debian’s ffmpeg with no PATH at all (a service with an empty environment)', () => {
    expect(findFfmpegTools(undefined, '')).toMatchObject({
      ffmpeg: '/usr/bin/ffmpeg',
      ffprobe: '/usr/bin/ffprobe',
    });
  });

  it('refuses to start with an FFMPEG_PATH that is not an executable file, saying so', () => {
    fs.writeFileSync(path.join(dir, 'not-executable'), '');
    for (const wrong of [path.join(dir, 'missing'), path.join(dir, 'not-executable'), dir]) {
      const error = (() => {
        try {
          loadConfig({ FFMPEG_PATH: wrong });
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(`FFMPEG_PATH: ${wrong} is not an executable file`);
    }
    expect(loadConfig({ FFMPEG_PATH: '/usr/bin/ffmpeg' }).ffmpeg).toMatchObject({ source: 'configured' });
  });
});
