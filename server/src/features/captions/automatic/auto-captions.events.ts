import type { CaptionOwner } from '@lectern/shared';
import type { DbOrTx, Tx } from '../../../db/client';
import type { Audience } from '../../../events/domain-event';
import { publishNotice } from '../../../events/notices';
import { emit } from '../../../events/outbox';
import { audienceOfLectures } from '../../../events/domain-event';
import { findLecture, videoAudience } from '../../access/public';
import { followUpsAnsweredBy, questionsAnsweredBy } from '../captions.repository';

// captions.automatic (issue 25) goes to the people who may run and edit the captions (caption-access.ts):
// the admins of the lectures holding the video, or holding the videos whose questions the answer answers;
// for a hidden question's answer video, or a follow-up's, the admins of its question's home lecture, who
// alone administer it then.

/** The admins of the question's home lecture (of the courses holding its video once that lecture is gone). */
async function homeAdmins(db: DbOrTx, q: { videoId: string; homeLectureId: string | null }) {
  const home = q.homeLectureId ? await findLecture(db, q.homeLectureId) : null;
  return home ? audienceOfLectures('admins', [home]) : videoAudience(db, q.videoId, 'admins');
}

async function adminsOf(db: DbOrTx, owner: CaptionOwner, ownerId: string): Promise<Audience | null> {
  if (owner === 'video') return videoAudience(db, ownerId, 'admins');
  const [answered, followUps] = await Promise.all([
    questionsAnsweredBy(db, ownerId),
    followUpsAnsweredBy(db, ownerId),
  ]);
  const audiences = await Promise.all([
    ...answered.map((q) =>
      q.question.hiddenAt ? homeAdmins(db, q) : videoAudience(db, q.videoId, 'admins'),
    ),
    ...followUps.map((f) => homeAdmins(db, f)),
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
