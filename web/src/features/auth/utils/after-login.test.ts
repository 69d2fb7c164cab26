import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './after-login';

describe('afterLoginPath', () => {
  it('goes to the join page of the course named in the link', () => {
    expect(afterLoginPath('abc-123', { from: '/settings' })).toBe('/courses/join/abc-123');
  });

  it('goes back to the page the guard came from', () => {
    expect(afterLoginPath(undefined, { from: '/my-videos?x=1' })).toBe('/my-videos?x=1');
  });

  it('goes home without a usable origin, and never off the site', () => {
    expect(afterLoginPath(undefined, null)).toBe('/');
    expect(afterLoginPath(undefined, { from: 42 })).toBe('/');
    expect(afterLoginPath(undefined, { from: '//evil.example/x' })).toBe('/');
    expect(afterLoginPath(undefined, { from: 'https://evil.example' })).toBe('/');
  });
});
