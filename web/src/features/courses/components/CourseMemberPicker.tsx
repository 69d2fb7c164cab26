import { useDeferredValue, useState } from 'react';
import '../courses.css';
import { TextField } from '../../../components/ui/TextField';
import { useCourseMembers } from '../api/courses';

/**
 * The course's students to pick a new admin from (issue 21), by name: the first ones at once, a name
 * search for the rest. Picking sends the member's id; their address stays theirs.
 */
export function CourseMemberPicker({
  courseId,
  picked,
  onPick,
}: {
  courseId: string;
  picked: string;
  onPick(memberId: string): void;
}) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const { data, isError } = useCourseMembers(courseId, q);

  return (
    <fieldset className="member-picker">
      <legend>Or pick a member of the course</legend>
      <TextField label="Find a member by name" type="search" value={search} onValue={setSearch} />
      {isError && <p className="hint">The course&apos;s members could not be loaded.</p>}
      {data && data.members.length === 0 && (
        <p className="hint">
          {q ? 'No member of the course has that name.' : 'The course has no students yet.'}
        </p>
      )}
      {data?.members.map((member) => (
        <label key={member.id} className="checkbox">
          <input
            type="radio"
            name="course-member"
            value={member.id}
            checked={picked === member.id}
            onChange={() => onPick(member.id)}
          />
          {member.name}
        </label>
      ))}
      {data?.more && <p className="hint">More members match: narrow the search by name.</p>}
    </fieldset>
  );
}
