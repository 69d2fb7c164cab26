import type { RoomPeer } from '@lectern/shared';

const ROLE = { student: 'student', instructor: 'instructor' } as const;

/** Who is in the room now, the user first. */
export function PeopleInRoom({ self, others }: { self: RoomPeer; others: RoomPeer[] }) {
  return (
    <section aria-labelledby="room-people" className="room-people">
      <h2 id="room-people">In the room</h2>
      <ul>
        <li>
          {self.fullName} ({ROLE[self.role]}, you)
        </li>
        {others.map((peer) => (
          <li key={peer.peerId}>
            {peer.fullName} ({ROLE[peer.role]})
          </li>
        ))}
      </ul>
    </section>
  );
}
