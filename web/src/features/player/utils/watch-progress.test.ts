import { describe, expect, it } from 'vitest';
import { WatchProgress } from './watch-progress';

/** A tracker and the stretches it reported, as [from, to] (and "leaving" when the page went away). */
function tracked() {
  const reports: (number | string)[][] = [];
  const progress = new WatchProgress((from, to, leaving) =>
    reports.push(leaving ? [from, to, 'leaving'] : [from, to]),
  );
  return { progress, reports };
}

/** Plays from `from` to `to` in time updates of a quarter second at `rate`, starting at `startMs`. */
function playThrough(progress: WatchProgress, from: number, to: number, startMs: number, rate = 1): number {
  let now = startMs;
  for (let t = from + 0.25 * rate; t <= to + 1e-9; t += 0.25 * rate) {
    now += 250;
    progress.time(t, now);
  }
  return now;
}

describe('WatchProgress', () => {
  it('reports every 10 s of video played and the rest on pause', () => {
    const { progress, reports } = tracked();
    progress.play(0, 0);
    const now = playThrough(progress, 0, 23, 0);
    progress.stop(23, now);
    expect(reports).toEqual([
      [0, 10],
      [10, 20],
      [20, 23],
    ]);
  });

  it('counts a seek as a jump, forward or back, and nothing while paused', () => {
    const { progress, reports } = tracked();
    progress.play(0, 0);
    let now = playThrough(progress, 0, 6, 0);
    progress.time(40, now + 250); // the time update of a seek comes before its seeked event
    progress.seeked(40, now + 250);
    now = playThrough(progress, 40, 44, now + 250);
    progress.time(2, now + 250);
    now = playThrough(progress, 2, 5, now + 250);
    progress.stop(5, now);
    progress.seeked(30, now + 1000);
    progress.time(30, now + 60_000);
    expect(reports).toEqual([
      [0, 6],
      [40, 44],
      [2, 5],
    ]);
  });

  it('follows the rate: at 2× a quarter second moves half a second', () => {
    const { progress, reports } = tracked();
    progress.setRate(2);
    progress.play(0, 0);
    progress.stop(4, playThrough(progress, 0, 4, 0, 2));
    expect(reports).toEqual([[0, 4]]);
  });

  it('never extends a stretch by time that passed without a position', () => {
    const { progress, reports } = tracked();
    progress.play(0, 0);
    const now = playThrough(progress, 0, 6, 0);
    progress.leave();
    progress.leave();
    progress.time(6, now + 45_000);
    expect(reports).toEqual([[0, 6, 'leaving']]);
  });
});
