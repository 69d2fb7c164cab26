import type { CaptionOwner } from '@lectern/shared';
import type { DbOrTx, Tx } from '../../../db/client';
import type { Audience } from '../../../events/domain-event';
import { publishNotice } from '../../../events/notices';
import { emit } from '../../../events/outbox';
import { audienceOfLectures } from '../../../events/domain-event';
import { findLecture, videoAudience } from '../../access/public';
import { followUpsAnsweredBy, questionVideosAnsweredBy } from '../captions.repository';

// captions.automatic (issue 25) goes to the people who may run and edit the captions (caption-access.ts):
// the admins of the lectures holding the video, or holding the videos whose questions the answer answers;
// for a follow-up's answer video, the admins of its question's home lecture, who administer the thread.

async function followUpAdmins(db: DbOrTx, f: { videoId: string; homeLectureId: string | null }) {
  const home = f.homeLectureId ? await findLecture(db, f.homeLectureId) : null;
  return home ? audienceOfLectures('admins', [home]) : videoAudience(db, f.videoId, 'admins');
}

async function adminsOf(db: DbOrTx, owner: CaptionOwner, ownerId: string): Promise<Audience | null> {
  const [videoIds, followUps] =
    owner === 'video'
      ? [[ownerId], []]
      : await Promise.all([questionVideosAnsweredBy(db, ownerId), followUpsAnsweredBy(db, ownerId)]);
  const audiences = await Promise.all([
    ...videoIds.map((id) => videoAudience(db, id, 'admins')),
    ...followUps.map((f) => followUpAdmins(db, f)),
  ]);
  if (audiences.length === 0) return null;
  return {
    ...audiences[0]!,
    courseIds: [...new Set(audiences.flatMap((a) => a.courseIds))],
    lectures: audiences.flatMap((a) => a.lectures),
  };
}

/** A change of state, replayed to a stream that reconnects (the outbox), in the caller's transaction. */
export async function emitAutoCaptionsChanged(tx: Tx, owner: CaptionOwner, ownerId: string): Promise<void> {
  const audience = await adminsOf(tx, owner, ownerId);
  if (audience) await emit(tx, { payload: { type: 'captions.automatic', owner, ownerId }, audience });
}

/** Progress is for whoever watches now, never replayed: an ephemeral notice, as a conversion's is. */
export async function noticeAutoCaptionsProgress(
  db: DbOrTx,
  owner: CaptionOwner,
  ownerId: string,
  progress: number,
): Promise<void> {
  const audience = await adminsOf(db, owner, ownerId);
  const payload = { type: 'captions.automatic', owner, ownerId, progress } as const;
  if (audience) await publishNotice(db, { kind: 'event', payload, audience });
}
