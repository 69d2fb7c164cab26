import type { CaptionOwner, CaptionTrackDto, Cue } from '@lectern/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { useWrite } from '../../../lib/use-write';
import {
  deleteCaptionTrack,
  requestAutoCaptions,
  saveCaptionVersion,
  uploadCaptionFile,
} from './captions-api';

// Every write of the captions feature and what each makes stale: a change to any track refreshes the
// track lists, the cues and the <track> files together.

const refreshCaptions = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: queryKeys.captions.all });

export const useUploadCaptions = (owner: CaptionOwner, ownerId: string) =>
  useWrite(
    ({ language, label, file }: { language: string; label: string; file: File }) =>
      uploadCaptionFile(owner, ownerId, language, label, file),
    refreshCaptions,
  );

export const useSaveCaptionVersion = (owner: CaptionOwner, ownerId: string, language: string) =>
  useWrite((cues: Cue[]) => saveCaptionVersion(owner, ownerId, language, cues), refreshCaptions);

export const useDeleteCaptionTrack = (owner: CaptionOwner) =>
  useWrite(
    (track: CaptionTrackDto) => deleteCaptionTrack(owner, track.ownerId, track.language),
    refreshCaptions,
  );

export const useRequestAutoCaptions = (owner: CaptionOwner, ownerId: string) =>
  useWrite(() => requestAutoCaptions(owner, ownerId), refreshCaptions);
