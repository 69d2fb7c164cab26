// The reads web/public/early-reads.js started before the bundle ran, each taken once, by URL: the app
// uses the answer instead of asking again (issue 14).

declare global {
  interface Window {
    lecternEarlyReads?: Map<string, Promise<Response>>;
    lecternEarlyVideo?: HTMLVideoElement;
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
 * The <video> early-reads.js made for the watch page's video, if its src is `src` and no player has
 * taken it yet: its media download has been running since the video read answered.
 */
export function takeEarlyVideo(src: string): HTMLVideoElement | undefined {
  const video = typeof window === 'undefined' ? undefined : window.lecternEarlyVideo;
  if (!video || video.getAttribute('src') !== src) return undefined;
  delete window.lecternEarlyVideo;
  return video;
}

/**
 * Removes the watch page's shell (inline/watch-shell.html), which hides the app while it is shown: once
 * the page shows its own content, whose player has adopted the shell's <video> by then.
 */
export function dropEarlyShell(): void {
  document.getElementById('early-watch')?.remove();
}
