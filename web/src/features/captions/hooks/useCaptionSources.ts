import type { CaptionOwner } from '@lectern/shared';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { fetchVtt, useCaptionTracks } from '../api/captions-api';

export interface CaptionSource {
  language: string;
  label: string;
  /** A blob: URL of the WebVTT file (CSP media-src allows blob:). */
  src: string;
}

// One blob URL per caption file for the life of the page, keyed by its sha256: the bytes behind a hash never
// change, a page shows few files (tens of KB each), and URLs revoked on unmount would be dead when React
// mounts twice (StrictMode) or a track remounts.
const urls = new Map<string, string>();
const urlFor = (sha256: string, text: string): string => {
  const known = urls.get(sha256);
  if (known) return known;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
  urls.set(sha256, url);
  return url;
};

// Outside the component: a stable combine runs only when a file arrives, so the blob URLs below are made
// once per file rather than on every render.
const dataOf = (results: { data?: string }[]) => results.map((r) => r.data ?? null);

/**
 * The WebVTT files of a video's tracks as blob URLs for <track src>. A <track> cannot send the bearer
 * header, and captions of an unreleased lecture need it, so the files are fetched by the API client. Keyed
 * by the file's sha256: a new version is fetched once, an unchanged one never again.
 */
export function useCaptionSources(owner: CaptionOwner, ownerId: string | undefined): CaptionSource[] {
  const tracks = useCaptionTracks(owner, ownerId).data;
  const texts = useQueries({
    queries: (tracks ?? []).map((t) => ({
      queryKey: queryKeys.captions.vtt(owner, t.ownerId, t.language, t.sha256),
      queryFn: () => fetchVtt(owner, t.ownerId, t.language),
      staleTime: Infinity,
    })),
    combine: dataOf,
  });
  const sources = useMemo(
    () =>
      (tracks ?? []).flatMap((t, i) => {
        const text = texts[i];
        if (text === null || text === undefined) return [];
        return [{ language: t.language, label: t.label, src: urlFor(t.sha256, text) }];
      }),
    [tracks, texts],
  );
  return sources;
}
