import { describe, expect, it } from 'vitest';
import { playerKeyAction, steppedRate } from './player-keys';

const key = (k: string, mods: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) =>
  playerKeyAction({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('player keys', () => {
  it('maps Space/K, J/L, Shift+J/L, < >, ? and ignores the rest', () => {
    expect(key(' ')).toEqual({ kind: 'toggle-play' });
    expect(key('k')).toEqual({ kind: 'toggle-play' });
    expect(key('j')).toEqual({ kind: 'skip', seconds: -10 });
    expect(key('l')).toEqual({ kind: 'skip', seconds: 10 });
    expect(key('J', { shiftKey: true })).toEqual({ kind: 'skip', seconds: -25 });
    expect(key('L', { shiftKey: true })).toEqual({ kind: 'skip', seconds: 25 });
    expect(key('<', { shiftKey: true })).toEqual({ kind: 'rate', step: -1 });
    expect(key('>', { shiftKey: true })).toEqual({ kind: 'rate', step: 1 });
    expect(key('?', { shiftKey: true })).toEqual({ kind: 'help' });
    expect(key('x')).toBeNull();
  });

  it('leaves keys with Ctrl, Cmd or Alt to the browser', () => {
    expect(key('l', { ctrlKey: true })).toBeNull();
    expect(key('k', { metaKey: true })).toBeNull();
    expect(key('j', { altKey: true })).toBeNull();
  });

  it('steps the speed through the spec options and stops at 0.5 and 2', () => {
    expect(steppedRate(1, 1)).toBe(1.1);
    expect(steppedRate(1, -1)).toBe(0.9);
    expect(steppedRate(1.7000000000000002, 1)).toBe(1.8);
    expect(steppedRate(2, 1)).toBe(2);
    expect(steppedRate(0.5, -1)).toBe(0.5);
    // A rate set elsewhere (YouTube's 0.25) snaps to the nearest option first.
    expect(steppedRate(0.25, 1)).toBe(0.6);
  });
});
