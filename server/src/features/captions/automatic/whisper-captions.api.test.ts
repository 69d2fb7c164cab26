import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CaptionTrackDto, CaptionTrackWithCuesDto } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../../test/factories';
import { worldFixture } from '../../../../test/fixture';
import type { TestApp } from '../../../../test/test-app';
import { automatic, speechFile, uploadAndSettle } from '../test/auto-captions-calls';
import { writeTinyWhisperModel } from '../transcription/test/tiny-whisper-model';
import { ownerMedia } from './auto-captions.repository';

// AUTO_CAPTIONS=whisper through the real job (issue 25), on the model the suite generates: random
// weights, so the words are nonsense, but the track must be made, signed by whisper, and timed inside
// the video; a model that is not one is reported on the captions page and the video is ready all the same.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-whisper-api-'));
const model = writeTinyWhisperModel(path.join(scratch, 'ggml-tiny-random.bin'));
const notAModel = path.join(scratch, 'ggml-base.en.bin');
fs.writeFileSync(notAModel, '<html>Not Found</html>'.repeat(4));
const uploadSpeech = (t: TestApp, as: TestUser, courseID: string, lectureID: string) =>
  uploadAndSettle(t, as, courseID, lectureID, speechFile());
const automaticOfVideo = (t: TestApp, as: TestUser, id: string) => automatic(t, as, 'video', id);

describe('automatic captions with whisper.cpp', { timeout: 600_000 }, () => {
  const { t, w } = worldFixture({ app: { env: { AUTO_CAPTIONS: 'whisper', TRANSCRIBE_MODEL: model } } });

  it('makes a track signed by whisper, its cues timed inside the video', async () => {
    const { adminA } = w.users;
    const videoId = await uploadSpeech(t, adminA, w.A.id, w.LA.id);
    expect(await automaticOfVideo(t, adminA, videoId)).toMatchObject({
      state: 'done',
      engine: 'whisper.cpp (ggml-tiny-random.bin)',
    });
    const tracks = await t.app.inject({ method: 'GET', url: `/api/captions/video/${videoId}` });
    expect(tracks.json<CaptionTrackDto[]>()).toMatchObject([
      { language: 'en', label: 'English (automatic)', source: 'speech-to-text:whisper-cpp' },
    ]);
    const cues = await t.app.inject({ method: 'GET', url: `/api/captions/video/${videoId}/en` });
    const heard = cues.json<CaptionTrackWithCuesDto>().cues;
    expect(heard.length).toBeGreaterThan(0);
    // Random weights stretch segments to the end of whisper's 30-second window; the job clips them.
    const { durationSeconds } = (await ownerMedia(t.db, 'video', videoId))!;
    for (const cue of heard) {
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.end).toBeLessThanOrEqual(durationSeconds);
    }
  });
});

describe('automatic captions with a file that is not a whisper model', () => {
  const { t, w } = worldFixture({ app: { env: { AUTO_CAPTIONS: 'whisper', TRANSCRIBE_MODEL: notAModel } } });

  it('says so on the captions page before and after an upload, and the video is ready', async () => {
    const { adminA } = w.users;
    expect(await automaticOfVideo(t, adminA, w.VA1.id)).toMatchObject({
      state: 'none',
      enabled: true,
      reason: expect.stringMatching(/is not a whisper.cpp ggml model/),
    });
    const videoId = await uploadSpeech(t, adminA, w.A.id, w.LA.id);
    expect(await automaticOfVideo(t, adminA, videoId)).toMatchObject({
      state: 'unavailable',
      reason: `${notAModel} (TRANSCRIBE_MODEL) is not a whisper.cpp ggml model (download one: docs/deploy.md)`,
    });
  });
});
