/** One control surface over the HTML5 <video> element and the YouTube IFrame player. */
export interface PlayerHandle {
  play(): void;
  pause(): void;
  paused(): boolean;
  currentTime(): number;
  duration(): number;
  seekTo(seconds: number): void;
  rate(): number;
  setRate(rate: number): void;
}

/** What a player reports. Times are seconds into the video. */
export interface PlayerEvents {
  onTime?(seconds: number, duration: number): void;
  onPlay?(seconds: number): void;
  onPause?(seconds: number): void;
  onSeeked?(seconds: number): void;
  onRateChange?(rate: number, seconds: number): void;
  onEnded?(): void;
}

export interface PlayerSourceProps extends PlayerEvents {
  title: string;
  source: string;
  /** Seconds to start at (seekTo carried between pages). */
  startAt?: number;
  autoplay?: boolean;
}

/** Navigation state carried between video pages (SPEC §2, §4). */
export interface PlayerNavState {
  seekTo?: number;
  autoplay?: boolean;
  /** Where the answer opened from the URL starts (a search hit in an answer's captions). */
  answerAt?: number;
}
