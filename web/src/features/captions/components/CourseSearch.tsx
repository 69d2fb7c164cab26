import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCourseSearch } from '../api/captions-api';
import { SearchHitItem } from './SearchHitItem';
import '../captions.css';

/**
 * Course-wide search over what was said in the lectures and answers and over answered questions. Runs on
 * submit (not per keystroke: a class of 500 typing must not become 500 queries a second). Each result links
 * to the lecture video at that moment.
 */
export function CourseSearch({ courseId }: { courseId: string }) {
  const inputId = useId();
  const statusId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const search = useCourseSearch(courseId, query);
  const hits = search.data ?? [];

  let status = '';
  if (search.isFetching) status = 'Searching…';
  else if (search.isError) status = errorMessage(search.error, 'The search failed. Please try again.');
  else if (search.data) status = hits.length === 0 ? 'Nothing found.' : `${hits.length} found.`;

  return (
    <section aria-label="Search the course">
      <form
        className="row"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(text.trim());
        }}
      >
        <label htmlFor={inputId}>Search lectures and answers</label>
        <input
          id={inputId}
          type="search"
          value={text}
          minLength={2}
          maxLength={200}
          aria-describedby={statusId}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit">Search</button>
      </form>
      <p id={statusId} role="status" className="hint">
        {status}
      </p>
      {hits.length > 0 && (
        <ol className="search-results" aria-label="Search results">
          {hits.map((hit, i) => (
            <SearchHitItem
              key={`${hit.kind}-${hit.lectureId}-${hit.questionId ?? ''}-${hit.time}-${i}`}
              hit={hit}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
