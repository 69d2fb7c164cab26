// The few parts of the YouTube IFrame API we use (https://developers.google.com/youtube/iframe_api_reference).
export interface YouTubePlayer {
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getCurrentTime(): number;
  getDuration(): number;
  getPlaybackRate(): number;
  getPlayerState(): number;
  setPlaybackRate(rate: number): void;
  destroy(): void;
}

interface YouTubeEvent<T = unknown> {
  target: YouTubePlayer;
  data: T;
}

export interface YouTubePlayerOptions {
  videoId: string;
  height: string | number;
  width: string | number;
  playerVars: Record<string, string | number>;
  events: {
    onReady(event: YouTubeEvent): void;
    onStateChange(event: YouTubeEvent<number>): void;
    onPlaybackRateChange(event: YouTubeEvent<number>): void;
  };
}

interface YouTubeNamespace {
  Player: new (element: HTMLElement, options: YouTubePlayerOptions) => YouTubePlayer;
}

declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

export const YT_STATE = { ended: 0, playing: 1, paused: 2 } as const;

let loading: Promise<YouTubeNamespace> | null = null;

/** Loads https://www.youtube.com/iframe_api once per page (the CSP allows it, SECURITY HDR-1). */
export function loadYouTubeApi(): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  loading ??= new Promise((resolve, reject) => {
    window.onYouTubeIframeAPIReady = () => (window.YT ? resolve(window.YT) : reject(new Error('no YT')));
    const script = document.createElement('script');
    script.src = 'https://www.youtube.com/iframe_api';
    script.async = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('The YouTube player could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}
