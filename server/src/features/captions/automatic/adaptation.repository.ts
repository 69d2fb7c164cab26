import { and, desc, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { AUTOMATIC_CAPTION_SOURCE } from '@lectern/shared';
import type { DbOrTx } from '../../../db/client';
import { captionTracks, captionVersions, lectureVideos, lectures, videos } from '../../../db/schema';

/** Whether a track of the video was ever made by speech-to-text (an automatic version kept in its history). */
export async function everAutomatic(db: DbOrTx, videoId: string, language: string): Promise<boolean> {
  const [row] = await db
    .select({ id: captionVersions.id })
    .from(captionVersions)
    .innerJoin(captionTracks, eq(captionTracks.id, captionVersions.trackId))
    .where(
      and(
        eq(captionTracks.videoId, videoId),
        eq(captionTracks.language, language),
        like(captionVersions.source, `${AUTOMATIC_CAPTION_SOURCE}%`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export interface CorrectedTrack {
  trackId: string;
  version: number;
  mediaSha256: string;
}

/**
 * The course's lecture-video tracks in `language` whose current version is an editor save over an
 * automatic one, the newest correction first: what an instructor has confirmed the lecturer said.
 */
export async function correctedTracks(
  db: DbOrTx,
  courseId: string,
  language: string,
): Promise<CorrectedTrack[]> {
  const tracks = await db
    .selectDistinct({ trackId: captionTracks.id, mediaSha256: videos.mediaSha256 })
    .from(captionTracks)
    .innerJoin(videos, eq(videos.id, captionTracks.videoId))
    .innerJoin(lectureVideos, eq(lectureVideos.videoId, videos.id))
    .innerJoin(lectures, eq(lectures.id, lectureVideos.lectureId))
    .where(
      and(
        eq(lectures.courseId, courseId),
        eq(captionTracks.language, language),
        eq(videos.status, 'ready'),
        isNotNull(videos.mediaSha256),
      ),
    );
  if (tracks.length === 0) return [];
  const versions = await db
    .select({
      trackId: captionVersions.trackId,
      version: captionVersions.version,
      source: captionVersions.source,
      createdAt: captionVersions.createdAt,
    })
    .from(captionVersions)
    .where(
      inArray(
        captionVersions.trackId,
        tracks.map((t) => t.trackId),
      ),
    )
    .orderBy(desc(captionVersions.version));
  const corrected = tracks.flatMap((t) => {
    const own = versions.filter((v) => v.trackId === t.trackId);
    const current = own[0];
    const automatic = own.some((v) => v.source.startsWith(AUTOMATIC_CAPTION_SOURCE));
    return current?.source === 'editor' && automatic && t.mediaSha256
      ? [{ trackId: t.trackId, version: current.version, mediaSha256: t.mediaSha256, at: current.createdAt }]
      : [];
  });
  return corrected
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map(({ trackId, version, mediaSha256 }) => ({ trackId, version, mediaSha256 }));
}
