import { describe, expect, it } from 'vitest';
import { parseVideoTime } from './video-time';

describe('parseVideoTime', () => {
  it('reads m:ss, h:mm:ss and plain seconds', () => {
    expect(parseVideoTime('0:42')).toBe(42);
    expect(parseVideoTime(' 1:05 ')).toBe(65);
    expect(parseVideoTime('75:00')).toBe(4500);
    expect(parseVideoTime('1:02:03')).toBe(3723);
    expect(parseVideoTime('0:53.5')).toBe(53.5);
    expect(parseVideoTime('42')).toBe(42);
    expect(parseVideoTime('53.622723')).toBe(53.622723);
  });

  it('refuses what is not a time', () => {
    for (const text of ['', 'abc', '1:6', '1:60', '-5', '1:75:00', '0:42s', ':42', '1::00']) {
      expect(parseVideoTime(text), text).toBeNull();
    }
  });
});
