import { type Engagement, formatVideoTime } from '@lectern/shared';

export interface EngagementRow {
  /** "m:ss–m:ss" of the bin. */
  range: string;
  /** "m:ss" of the bin's start, for the chart's axis. */
  label: string;
  watched: number;
  rewatched: number;
  questions: number;
}

export const toEngagementRows = (engagement: Engagement): EngagementRow[] =>
  engagement.bins.map((bin) => ({
    range: `${formatVideoTime(bin.start)}–${formatVideoTime(bin.end)}`,
    label: formatVideoTime(bin.start),
    watched: bin.watched,
    rewatched: bin.rewatched,
    questions: bin.questions,
  }));

/** True when nobody watched and nobody asked: the chart would be a flat line. */
export const isEmptyEngagement = (rows: EngagementRow[]): boolean =>
  rows.every((r) => r.watched === 0 && r.rewatched === 0 && r.questions === 0);
