import { describe, expect, it } from 'vitest';
import { fillWatchShell } from './watch-shell';

// The server's filling of the watch page's shell (web/src/inline/watch-shell.html as the build ships it).

const page = [
  '<!doctype html><html><head><script>document.querySelector("video")</script></head><body>',
  '<div id="early-watch" class="app-shell" hidden>',
  '<main><div class="page-heading"><h1></h1></div>',
  '<div class="lecture-player">',
  '<video',
  '  class="player-media"',
  '  preload="metadata"',
  '></video></div></main></div>',
  '<div id="root"></div></body></html>',
].join('\n');

describe('fillWatchShell', () => {
  it('shows the shell with the title and the media URL, escaped', () => {
    const filled = fillWatchShell(page, {
      title: `<script>alert("x")</script> & $& $' "quoted"`,
      videoSource: '/media/abc.mp4?exp=1&sig=x"y',
    });
    expect(filled).toContain('<div id="early-watch" class="app-shell">');
    expect(filled).toContain('<h1>&lt;script&gt;alert("x")&lt;/script&gt; &amp; $&amp; $\' "quoted"</h1>');
    expect(filled).toContain(
      '<video src="/media/abc.mp4?exp=1&amp;sig=x&quot;y" aria-label="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; $&amp; $\' &quot;quoted&quot;"\n  class="player-media"',
    );
    expect(filled).not.toContain('<script>alert');
    // Only the shell changes.
    expect(filled.startsWith(page.slice(0, page.indexOf('<div id="early-watch"')))).toBe(true);
    expect(filled.endsWith('<div id="root"></div></body></html>')).toBe(true);
  });

  it('leaves a page without a shell as it is', () => {
    const video = { title: 'Sampling', videoSource: '/media/abc.mp4' };
    expect(fillWatchShell('<!doctype html><div id="root"></div>', video)).toBe(
      '<!doctype html><div id="root"></div>',
    );
    const shown = page.replace(' hidden>', '>');
    expect(fillWatchShell(shown, video)).toBe(shown);
  });
});
