import { describe, expect, it } from 'vitest';
import { type BinOptions, studentsPerBin } from './engagement-bins';

const options: BinOptions = { binSeconds: 5, durationSeconds: 20, binCount: 4 };
const none = { watched: [], rewatched: [] };

describe('studentsPerBin', () => {
  it('counts a student once in a bin that two of their intervals touch', () => {
    const { watched } = studentsPerBin([{ ...none, watched: [0, 6, 8, 9] }], options);
    expect(watched).toEqual([1, 1, 0, 0]);
  });

  it('cuts intervals at the duration and leaves out what lies past it', () => {
    const { watched, rewatched } = studentsPerBin([{ watched: [12, 90], rewatched: [25, 30] }], options);
    expect(watched).toEqual([0, 0, 1, 1]);
    expect(rewatched).toEqual([0, 0, 0, 0]);
  });

  it('adds up students', () => {
    const users = [
      { ...none, watched: [0, 10] },
      { ...none, watched: [5, 20], rewatched: [5, 7] },
    ];
    expect(studentsPerBin(users, options)).toEqual({ watched: [1, 2, 1, 1], rewatched: [0, 1, 0, 0] });
  });
});
