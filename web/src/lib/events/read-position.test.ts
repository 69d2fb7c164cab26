import { describe, expect, it } from 'vitest';
import { noteReadPosition, oldestReadPosition } from './read-position';

const answer = (position?: string) =>
  new Response(null, { headers: position === undefined ? {} : { 'x-events-position': position } });

describe('the events position of the oldest read', () => {
  it('is nothing before a read, then the lowest position any answer named', () => {
    expect(oldestReadPosition()).toBe('');
    noteReadPosition(answer('42'));
    noteReadPosition(answer('57'));
    noteReadPosition(answer()); // an answer without the header (an old server) changes nothing
    noteReadPosition(answer('not a number'));
    expect(oldestReadPosition()).toBe('42');
    noteReadPosition(answer('40'));
    expect(oldestReadPosition()).toBe('40');
  });
});
