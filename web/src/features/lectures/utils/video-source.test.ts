import { INVALID_YOUTUBE_LINK, VALIDATION } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { addVideoError, queuedVideoError } from './video-source';

const file = new File(['x'], 'lecture.mp4', { type: 'video/mp4' });
const link = 'https://youtu.be/dQw4w9WgXcQ';

describe('upload queue checks (SPEC §5)', () => {
  it('needs a title, then exactly one source', () => {
    expect(queuedVideoError({ title: ' ', file, link: '' })).toBe(VALIDATION.titleRequired);
    expect(queuedVideoError({ title: 'Intro', file, link })).toBe(VALIDATION.fileOrLinkNotBoth);
    expect(queuedVideoError({ title: 'Intro', file: null, link: '  ' })).toBe(VALIDATION.fileOrLinkRequired);
    expect(queuedVideoError({ title: 'Intro', file, link: '' })).toBeNull();
    expect(queuedVideoError({ title: 'Intro', file: null, link })).toBeNull();
  });

  it('refuses a link that is not YouTube', () => {
    expect(queuedVideoError({ title: 'Intro', file: null, link: 'https://example.com/v' })).toBe(
      INVALID_YOUTUBE_LINK,
    );
  });
});

describe('add video checks (SPEC §5)', () => {
  it('uses the edit page texts', () => {
    expect(addVideoError({ title: '', file, link: '' })).toBe(VALIDATION.enterTitle);
    expect(addVideoError({ title: 'A', file, link })).toBe(VALIDATION.oneSourceOnly);
    expect(addVideoError({ title: 'A', file: null, link: '' })).toBe(VALIDATION.chooseFileOrLink);
    expect(addVideoError({ title: 'A', file: null, link })).toBeNull();
  });
});
