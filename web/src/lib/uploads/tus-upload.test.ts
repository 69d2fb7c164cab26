import { describe, expect, it } from 'vitest';
import { uploadFingerprint } from './tus-upload';

const file = (name = 'lecture.mp4', lastModified = 1_700_000_000_000) =>
  new File([new Uint8Array(1024)], name, { type: 'video/mp4', lastModified });
const metadata = { kind: 'lectureVideo', courseID: 'c1', lectureID: 'l1', title: 'Part 1' };

describe('resumable upload fingerprint', () => {
  it('is stable for the same file and target, so a reload resumes the upload', async () => {
    expect(await uploadFingerprint(file(), metadata)).toBe(await uploadFingerprint(file(), { ...metadata }));
  });

  it('differs for another file or another target, which must start a new upload', async () => {
    const base = await uploadFingerprint(file(), metadata);
    expect(await uploadFingerprint(file('other.mp4'), metadata)).not.toBe(base);
    expect(await uploadFingerprint(file('lecture.mp4', 1), metadata)).not.toBe(base);
    expect(await uploadFingerprint(file(), { ...metadata, lectureID: 'l2' })).not.toBe(base);
    expect(await uploadFingerprint(file(), { ...metadata, title: 'Part 2' })).not.toBe(base);
  });
});
