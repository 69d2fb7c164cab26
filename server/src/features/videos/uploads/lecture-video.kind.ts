import { Id, VIDEO_ID_HEADER, VideoTitle } from '@lectern/shared';
import { z } from 'zod';
import { badRequest } from '../../../lib/errors';
import type { LecturesService } from '../../lectures/public';
import { addUploadedVideo } from '../processing/lecture-video.target';
import { requireUploadTarget } from '../videos.service';
import type { UploadKind } from './upload-kinds';

// kind=lectureVideo: Upload-Metadata courseID, lectureID, title. The final PATCH answers with the new
// video's id in the Lectern-Video-Id header.

const LectureVideoMetadata = z.object({
  courseID: Id,
  lectureID: Id,
  title: VideoTitle, // the form upload's own rules, invisible characters dropped (issue 20)
});

function parse(metadata: Record<string, string>) {
  const parsed = LectureVideoMetadata.safeParse(metadata);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid upload metadata');
  return parsed.data;
}

/** kind=lectureVideo: the upload becomes a video of the lecture (its playlist kept by `lectures`). */
export const lectureVideoKind = (lectures: LecturesService): UploadKind => ({
  async authorizeCreate(deps, user, metadata) {
    const target = parse(metadata);
    await requireUploadTarget(deps, user, target.courseID, target.lectureID);
    return target;
  },
  async complete(deps, user, ingested, metadata) {
    // Rights are checked again: the caller may have lost them during a long upload (SECURITY AC-7).
    const target = parse(metadata);
    await requireUploadTarget(deps, user, target.courseID, target.lectureID);
    const video = await addUploadedVideo(deps, lectures, target.lectureID, target.title, ingested, user.id);
    return { [VIDEO_ID_HEADER]: video.id };
  },
});
