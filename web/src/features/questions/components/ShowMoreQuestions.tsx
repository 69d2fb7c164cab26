import type { PagedQuestions } from '../api/questions-api';
import '../questions.css';

/** The visible way past a capped list (issue 14): a real button, shown only while more pages wait. */
export function ShowMoreQuestions({ list }: { list: PagedQuestions }) {
  if (!list.hasMore) return null;
  return (
    <button
      type="button"
      className="show-more"
      onClick={list.loadMore}
      disabled={list.isLoadingMore}
      aria-busy={list.isLoadingMore}
    >
      Show more questions
    </button>
  );
}
