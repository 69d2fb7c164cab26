import { randomBytes } from 'node:crypto';
import { mediaFiles } from '../../../db/schema';
import { seedQuestion, seedResponse } from '../../../../test/seed';
import type { TestApp } from '../../../../test/test-app';
import { type World, buildWorld } from '../../../../test/world';

/** The shared world plus an answer video on VA1 and one on the unreleased VU (media rows only: no bytes needed). */
export async function buildCaptionWorld(t: TestApp) {
  const w = await buildWorld(t);
  const answerMedia = randomBytes(32).toString('hex');
  await t.db.insert(mediaFiles).values({ sha256: answerMedia, sizeBytes: 1, durationSeconds: 30 });
  const { adminA, studentA } = w.users;
  const answered = await seedQuestion(t.db, w.VA1.id, studentA.id, {
    lectureId: w.LA.id,
    timeAsked: 42,
    question: 'How does the Nyquist rate relate to aliasing?',
  });
  const RA = await seedResponse(t.db, answered.id, answerMedia, adminA.id);
  const hidden = await seedQuestion(t.db, w.VU.id, studentA.id, { lectureId: w.LU.id });
  const RU = await seedResponse(t.db, hidden.id, answerMedia, adminA.id);
  return { ...w, answerMedia, answered, RA, RU };
}

export type CaptionWorld = World & Awaited<ReturnType<typeof buildCaptionWorld>>;

/** PUT of a raw caption file. */
export const uploadRequest = (url: string, text: string | Buffer, type = 'text/vtt') => ({
  method: 'PUT' as const,
  url,
  payload: typeof text === 'string' ? Buffer.from(text) : text,
  headers: { 'content-type': type },
});
