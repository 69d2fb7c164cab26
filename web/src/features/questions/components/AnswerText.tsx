import type { AnswerTextDto } from '@lectern/shared';
import { Suspense, lazy } from 'react';

// The sanitiser (DOMPurify) and the answer's styles load when a text answer is first shown, never in the
// watch page's first load (scripts/lib/first-load.mjs).
const AnswerTextContent = lazy(() => import('./AnswerTextContent'));

/**
 * An answer in words (issue 24), and when it was last edited; `endorsedFor`, the question's id when the
 * answer is a student's the instructor endorsed.
 */
export const AnswerText = (props: { answer: AnswerTextDto; endorsedFor?: string }) => (
  <Suspense fallback={<p className="hint">Loading the answer…</p>}>
    <AnswerTextContent {...props} />
  </Suspense>
);
