import type { RoomPresence } from '@lectern/shared';
import type { DbOrTx } from '../../../db/client';
import { type PeerVisit, peerVisits } from './room-peers.repository';

const isPresent = (visit: PeerVisit, heardSince: Date) =>
  visit.leftAt === null && visit.lastSeenAt >= heardSince;

/**
 * Who is in a room now, and where its asker is (issue 21): a peer unheard since `heardSince` has left
 * when it was last heard of, whether or not the sweep has marked it yet, so every instance answers alike.
 */
export async function presenceOf(
  db: DbOrTx,
  askerId: string | null,
  questionId: string,
  heardSince: Date,
): Promise<Omit<RoomPresence, 'questionId' | 'tracked'>> {
  const visits = await peerVisits(db, questionId);
  const present = visits.filter((v) => isPresent(v, heardSince));
  const asker = askerId ? visits.find((v) => v.userId === askerId) : undefined;
  return {
    present: present.map((v) => ({ role: v.role, since: v.joinedAt.toISOString() })),
    asker: !asker
      ? { since: null, leftAt: null }
      : isPresent(asker, heardSince)
        ? { since: asker.joinedAt.toISOString(), leftAt: null }
        : { since: null, leftAt: (asker.leftAt ?? asker.lastSeenAt).toISOString() },
  };
}
