import { describe, expect, it } from 'vitest';
import { askerName } from './asker';

describe('askerName', () => {
  it('names the asker, says when they asked anonymously to classmates, and "anonymous" when unknown', () => {
    expect(askerName({ id: 'u', name: 'Sam', anonymous: false })).toBe('Sam');
    expect(askerName({ id: 'u', name: 'Sam', anonymous: true })).toBe('Sam (anonymous to classmates)');
    expect(askerName(undefined)).toBe('anonymous');
  });
});
