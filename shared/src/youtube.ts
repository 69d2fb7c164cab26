// YouTube links are reduced to their 11-character id (SECURITY VAL-4) and stored normalised.

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);

/** The video id of a watch, youtu.be, /embed/ or /shorts/ link; null for anything else. */
export function parseYouTubeId(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | null = null;
  if (host === 'youtu.be') {
    candidate = url.pathname.split('/')[1] ?? null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') candidate = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts') candidate = second ?? null;
  }
  return candidate !== null && VIDEO_ID.test(candidate) ? candidate : null;
}

export const youTubeWatchUrl = (id: string): string => `https://www.youtube.com/watch?v=${id}`;

/** The stored, normalised form of a YouTube link, or null when the input is not one. */
export function normaliseYouTubeUrl(input: string): string | null {
  const id = parseYouTubeId(input);
  return id === null ? null : youTubeWatchUrl(id);
}
