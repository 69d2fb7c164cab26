/** How often, in seconds of video, a playing video reports the stretch it played through. */
export const PROGRESS_REPORT_SECONDS = 10;

/** Slack on top of elapsed time × rate within which a new position still follows by playback. */
const STEP_SLACK_SECONDS = 1;

/**
 * What the engagement chart counts as watched (issue 21): the stretches the player actually played
 * through, from the positions it reports while playing. A position that does not follow from the last one
 * by playback (backwards, or further than the elapsed time at this rate allows) is a jump: the stretch so
 * far is reported and a new one starts there. Nothing is counted while paused, and nothing is ever added
 * for time that passes without a position (a closed tab stops at its last report).
 */
export class WatchProgress {
  /** Where the stretch not yet reported began; null while not playing. */
  private from: number | null = null;
  private last = 0;
  private lastAtMs = 0;
  private rate = 1;

  constructor(private readonly report: (fromTime: number, videoTime: number, leaving: boolean) => void) {}

  play(position: number, nowMs: number): void {
    this.from = position;
    this.moveTo(position, nowMs);
  }

  setRate(rate: number): void {
    this.rate = rate > 0 ? rate : 1;
  }

  /** A position the player reported; reports every PROGRESS_REPORT_SECONDS of video played. */
  time(position: number, nowMs: number): void {
    if (this.from === null) return;
    const allowed = ((nowMs - this.lastAtMs) / 1000) * this.rate + STEP_SLACK_SECONDS;
    if (position < this.last || position - this.last > allowed) {
      this.flush(false);
      this.from = position;
    } else if (position - this.from >= PROGRESS_REPORT_SECONDS) {
      this.last = position;
      this.flush(false);
    }
    this.moveTo(position, nowMs);
  }

  /** The playhead was moved: what was played before counts, the jump does not. */
  seeked(position: number, nowMs: number): void {
    if (this.from === null) return;
    this.flush(false);
    this.from = position;
    this.moveTo(position, nowMs);
  }

  /** Paused or ended at `position`: playback up to there counts, then nothing until played again. */
  stop(position: number, nowMs: number): void {
    this.time(position, nowMs);
    this.ended();
  }

  /** Played to the end (the last time update was there): nothing more until played again. */
  ended(): void {
    this.flush(false);
    this.from = null;
  }

  /** The page is going away or out of sight: report what was played so far, now. */
  leave(): void {
    this.flush(true);
  }

  private moveTo(position: number, nowMs: number): void {
    this.last = position;
    this.lastAtMs = nowMs;
  }

  private flush(leaving: boolean): void {
    if (this.from !== null && this.last > this.from) this.report(this.from, this.last, leaving);
    if (this.from !== null) this.from = this.last;
  }
}
