import type { VideoDto } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import type { videos } from '../../db/schema';
import { mediaUrls } from './media-urls';

export type VideoRow = typeof videos.$inferSelect;

/** The source a player loads: a signed /media URL for stored files, the watch URL for YouTube. */
export function videoSourceOf(deps: AppDeps, video: Pick<VideoRow, 'mediaSha256' | 'youtubeUrl'>): string {
  if (video.mediaSha256) return mediaUrls(deps).url(video.mediaSha256);
  return video.youtubeUrl ?? '';
}

/** A video as the API sends it (SPEC §3 Video). Call only for a video the caller may see. */
export function toVideoDto(deps: AppDeps, video: VideoRow): VideoDto {
  return {
    id: video.id,
    _id: video.id,
    title: video.title,
    sourceType: video.sourceType,
    videoSource: videoSourceOf(deps, video),
    durationSeconds: video.durationSeconds,
  };
}
