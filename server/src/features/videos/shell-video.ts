import { Id } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../lib/errors';
import type { ShellVideo } from '../../plugins/watch-shell';
import { requireVisibleVideo } from '../access/public';
import { videoSourceOf } from './video.mapper';
import { findVideo } from './videos.repository';

/**
 * The video for the watch page's shell (issue 14, first frame), as anyone may watch it: a ready, stored
 * video of a released lecture. Null for anything else (hidden, unknown, YouTube, still processing): the
 * page then fills its shell from the browser's own video read, or the app says why it cannot.
 */
export async function shellVideo(deps: AppDeps, videoId: string): Promise<ShellVideo | null> {
  if (!Id.safeParse(videoId).success) return null;
  try {
    await requireVisibleVideo(deps.db, null, videoId, deps.clock());
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
  const video = await findVideo(deps.db, videoId);
  if (!video || video.status !== 'ready' || !video.mediaSha256) return null;
  return { title: video.title, videoSource: videoSourceOf(deps, video) };
}
