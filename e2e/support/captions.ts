import type { Page } from 'playwright-core';
import { baseURL } from './browser';

// Captions through the API (PUT of the raw file), and the caption track's state in the browser.

/** Uploads a WebVTT file as the video's (or answer's) track in `language`. */
export async function putCaptions(
  token: string,
  path: string,
  vtt: string,
  label = 'English',
  language = 'en',
) {
  const res = await fetch(
    `${baseURL()}/api/captions/${path}/${language}?label=${encodeURIComponent(label)}`,
    {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/vtt' },
      body: vtt,
    },
  );
  if (!res.ok) throw new Error(`captions ${path} → ${res.status} ${await res.text()}`);
}

/** The caption track's state in the lecture <video>: its mode and the text on screen now. */
export const captionState = (page: Page) =>
  page
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement) => {
      const track = Array.from(v.textTracks).find((t) => t.label !== '');
      const active = track?.activeCues ? Array.from(track.activeCues) : [];
      return { mode: track?.mode ?? 'none', text: active.map((c) => (c as VTTCue).text).join('\n') };
    });
