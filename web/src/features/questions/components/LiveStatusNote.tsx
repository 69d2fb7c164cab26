import { STATUS_TEXT } from '@lectern/shared';
import { useRoomPresence } from '../api/questions-api';
import { useNow } from '../../../lib/use-now';
import { askerWhereabouts } from '../utils/room-presence-text';
import '../questions.css';

/** The ages on the card move on by themselves between pushes. */
const TICK_MS = 30_000;

/**
 * A live question's line on the instructor's cards (issue 21): "A student is waiting" only while the
 * asker is in the room, with how long; after, when they left. A room Lectern cannot see into (BigBlueButton)
 * keeps the spec's sentence (SPEC §2 Home).
 */
export function LiveStatusNote({ questionId }: { questionId: string }) {
  const presence = useRoomPresence(questionId);
  const now = useNow(TICK_MS);
  if (presence.isPending) return null;
  const where = presence.data ? askerWhereabouts(presence.data, now) : null;
  if (!where) return <p className="status-live">{STATUS_TEXT.liveWaiting}</p>;
  if (!where.waiting) return <p className="status-left">{where.text}</p>;
  return (
    <p className="status-live">
      <span className="status-since">{where.text}</span> {STATUS_TEXT.liveWaiting}
    </p>
  );
}
