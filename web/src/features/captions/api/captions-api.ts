import type {
  AutoCaptionsDto,
  CaptionOwner,
  CaptionTrackDto,
  CaptionTrackWithCuesDto,
  Cue,
  ErrorBody,
  SearchHitDto,
} from '@lectern/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api, authHeaders } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const base = (owner: CaptionOwner, ownerId: string) => `/api/captions/${owner}/${ownerId}`;

/** GET /api/captions/{owner}/{ownerId}: the caption tracks of a lecture video or answer video. */
export const useCaptionTracks = (owner: CaptionOwner, ownerId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.captions.tracks(owner, ownerId ?? ''),
    queryFn: () => api<CaptionTrackDto[]>(base(owner, ownerId!)),
    enabled: Boolean(ownerId),
  });

/** GET /api/captions/{owner}/{ownerId}/{language}: one track's cues. */
export const useCaptionCues = (owner: CaptionOwner, ownerId: string, language: string | undefined) =>
  useQuery({
    queryKey: queryKeys.captions.cues(owner, ownerId, language ?? ''),
    queryFn: () => api<CaptionTrackWithCuesDto>(`${base(owner, ownerId)}/${language}`),
    enabled: Boolean(language),
  });

/** A raw (non-JSON) exchange with the API, with the bearer token; errors become ApiError as in api(). */
async function raw(path: string, init: RequestInit = {}): Promise<string> {
  const response = await fetch(path, { ...init, headers: { ...authHeaders(), ...init.headers } });
  const text = await response.text();
  if (!response.ok) {
    let body: Partial<ErrorBody> = {};
    try {
      body = JSON.parse(text) as Partial<ErrorBody>;
    } catch {
      // not JSON: keep the status text
    }
    throw new ApiError(response.status, body.error ?? response.statusText, body.code ?? 'UNKNOWN');
  }
  return text;
}

/** GET …/{language}/vtt: the WebVTT file itself (for <track> and downloads). */
export const fetchVtt = (owner: CaptionOwner, ownerId: string, language: string) =>
  raw(`${base(owner, ownerId)}/${language}/vtt`);

/** PUT …/{language}?label=: a WebVTT or SRT file, sent as it is. */
export async function uploadCaptionFile(
  owner: CaptionOwner,
  ownerId: string,
  language: string,
  label: string,
  file: Blob,
): Promise<CaptionTrackDto> {
  const type = /\.srt$/i.test((file as File).name ?? '') ? 'application/x-subrip' : 'text/vtt';
  const text = await raw(`${base(owner, ownerId)}/${language}?label=${encodeURIComponent(label)}`, {
    method: 'PUT',
    body: file,
    headers: { 'content-type': type },
  });
  return JSON.parse(text) as CaptionTrackDto;
}

/** POST …/{language}/versions: the editor's cues as the next version. */
export const saveCaptionVersion = (owner: CaptionOwner, ownerId: string, language: string, cues: Cue[]) =>
  api<CaptionTrackDto>(`${base(owner, ownerId)}/${language}/versions`, { method: 'POST', body: { cues } });

export const deleteCaptionTrack = (owner: CaptionOwner, ownerId: string, language: string) =>
  api<void>(`${base(owner, ownerId)}/${language}`, { method: 'DELETE' });

/** GET /api/courses/{id}/search?q=: transcripts and answered questions of the course. */
export const useCourseSearch = (courseId: string, q: string) =>
  useQuery({
    queryKey: queryKeys.courseSearch(courseId, q),
    queryFn: () => api<SearchHitDto[]>(`/api/courses/${courseId}/search?q=${encodeURIComponent(q)}`),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

/** GET …/automatic: where the automatic captions stand (the video's admins only). */
export const useAutoCaptions = (owner: CaptionOwner, ownerId: string) =>
  useQuery({
    queryKey: queryKeys.captions.automatic(owner, ownerId),
    queryFn: () => api<AutoCaptionsDto>(`${base(owner, ownerId)}/automatic`),
  });

/** POST …/automatic: transcribe the video now. */
export const requestAutoCaptions = (owner: CaptionOwner, ownerId: string) =>
  api<AutoCaptionsDto>(`${base(owner, ownerId)}/automatic`, { method: 'POST' });
