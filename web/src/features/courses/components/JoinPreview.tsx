import { useJoinPreview } from '../api/join-preview';

const listFormat = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * What a join link joins: the course, its instructors and, for a lecture link, the lecture (issue 21).
 * Nothing while it loads or when the code is unknown: the join itself says what went wrong.
 */
export function JoinPreview({ code }: { code: string | undefined }) {
  const { data } = useJoinPreview(code);
  if (!data) return null;
  return (
    <section className="card join-preview" aria-label="What this link joins">
      <p>
        {data.lectureTitle ? (
          <>
            Lecture <strong>{data.lectureTitle}</strong> of the course <strong>{data.courseName}</strong>
          </>
        ) : (
          <>
            Course <strong>{data.courseName}</strong>
          </>
        )}
      </p>
      {data.instructors.length > 0 && <p>Taught by {listFormat.format(data.instructors)}</p>}
    </section>
  );
}
