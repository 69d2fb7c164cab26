import type { VideoDto } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import type { VideoRow } from '../../db/schema';
import { mediaUrls } from '../../lib/media-urls';

/** The source a player loads: a signed /media URL for stored files, the watch URL for YouTube. */
export function videoSourceOf(deps: AppDeps, video: Pick<VideoRow, 'mediaSha256' | 'youtubeUrl'>): string {
  if (video.mediaSha256) return mediaUrls(deps).url(video.mediaSha256);
  return video.youtubeUrl ?? '';
}

/**
 * A video as the API sends it (SPEC §3 Video). Call only for a video the caller may see: a video that is
 * not ready only for its lecture's admins (issue 9).
 */
export function toVideoDto(deps: AppDeps, video: VideoRow): VideoDto {
  const ready = video.status === 'ready';
  return {
    id: video.id,
    _id: video.id,
    title: video.title,
    sourceType: video.sourceType,
    videoSource: ready ? videoSourceOf(deps, video) : '',
    durationSeconds: video.durationSeconds,
    status: video.status,
    progress: video.status === 'processing' ? video.progress : null,
    failureReason: video.status === 'failed' ? video.failureReason : null,
    posterSource:
      ready && video.hasPoster && video.mediaSha256 ? mediaUrls(deps).posterUrl(video.mediaSha256) : null,
  };
}
