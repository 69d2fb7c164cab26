// The reads inline/early-reads.js started before the bundle ran, each taken once, by URL: the app
// uses the answer instead of asking again (issue 14).

declare global {
  interface Window {
    lecternEarlyReads?: Map<string, Promise<Response>>;
  }
}

/** The early answer to GET `path`, if one was started and not yet taken. */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.lecternEarlyReads;
  const answer = reads?.get(path);
  reads?.delete(path);
  return answer;
}

/**
 * The <video> of the watch page's shell (inline/watch-shell.html), if it is loading the same media file as
 * `src`: its download has been running since the page (or the video read) gave it its source. The grant
 * in its URL may be another than `src`'s (the server filled it for anyone), and is as good.
 */
export function takeEarlyVideo(src: string): HTMLVideoElement | undefined {
  const video = document.querySelector<HTMLVideoElement>('#early-watch video[src]');
  const path = (url: string) => new URL(url, location.href).pathname;
  return video && path(video.getAttribute('src')!) === path(src) ? video : undefined;
}

/**
 * Removes the watch page's shell (inline/watch-shell.html), which hides the app while it is shown: once
 * the page shows its own content, whose player has adopted the shell's <video> by then.
 */
export function dropEarlyShell(): void {
  document.getElementById('early-watch')?.remove();
}
