// The watch page's shell (web/src/inline/watch-shell.html, in the build's watch.html) filled in by the
// server: shown, with the video's title and source, so the browser starts the video while it parses the
// page, before any script (issue 14: the first frame). The browser's early reads fill it instead for a
// video only some may watch; a page whose shell is not as expected is sent as it is.

/** What the shell shows: the video's title and the player's media URL (features/videos/shell-video.ts). */
export interface ShellVideo {
  title: string;
  videoSource: string;
}

const SHELL = /(<div id="early-watch"[^>]*?) hidden>/;
const HEADING = '<h1></h1>';
/** The shell's one <video>, whose attributes follow on the next lines. */
const VIDEO = /<video\b/;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** `page` (watch.html) with its shell showing `video`; `page` itself when it has no shell to fill. */
export function fillWatchShell(page: string, video: ShellVideo): string {
  const start = page.search(SHELL);
  const shell = page.slice(start);
  if (start < 0 || !shell.includes(HEADING) || !VIDEO.test(shell)) return page;
  const label = escapeAttribute(video.title);
  // Replacer functions: a replacement string would read `$&` or `$'` in a title as patterns.
  const shown = shell
    .replace(SHELL, (_shell, open: string) => `${open}>`)
    .replace(HEADING, () => `<h1>${escapeText(video.title)}</h1>`)
    .replace(VIDEO, () => `<video src="${escapeAttribute(video.videoSource)}" aria-label="${label}"`);
  return page.slice(0, start) + shown;
}
