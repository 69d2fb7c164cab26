import { describe, expect, it } from 'vitest';
import { isEmptyEngagement, toEngagementRows } from './engagement-rows';

describe('toEngagementRows', () => {
  it('labels each bin with its m:ss range', () => {
    const rows = toEngagementRows({
      videoId: '00000000-0000-4000-8000-000000000000',
      binSeconds: 5,
      durationSeconds: 62,
      bins: [
        { start: 55, end: 60, watched: 3, rewatched: 1, questions: 0 },
        { start: 60, end: 62, watched: 0, rewatched: 0, questions: 2 },
      ],
    });
    expect(rows).toEqual([
      { range: '0:55–1:00', label: '0:55', watched: 3, rewatched: 1, questions: 0 },
      { range: '1:00–1:02', label: '1:00', watched: 0, rewatched: 0, questions: 2 },
    ]);
    expect(isEmptyEngagement(rows)).toBe(false);
    expect(isEmptyEngagement([{ ...rows[0]!, watched: 0, rewatched: 0 }])).toBe(true);
  });
});
