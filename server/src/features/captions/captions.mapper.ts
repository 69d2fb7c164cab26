import type { CaptionCueDto, CaptionTrackDto } from '@lectern/shared';
import type { CueRow, TrackSummary } from './captions.repository';

export function toTrackDto({
  track,
  version,
  sha256,
  source,
  updatedAt,
  cueCount,
}: TrackSummary): CaptionTrackDto {
  const owner = track.videoId ? 'video' : 'response';
  return {
    id: track.id,
    owner,
    ownerId: (track.videoId ?? track.responseId)!,
    language: track.language,
    label: track.label,
    version,
    sha256,
    cueCount,
    source,
    updatedAt: updatedAt.toISOString(),
  };
}

export const toCueDto = (row: CueRow): CaptionCueDto => ({
  start: row.startSeconds,
  end: row.endSeconds,
  text: row.text,
  plainText: row.plainText,
});
