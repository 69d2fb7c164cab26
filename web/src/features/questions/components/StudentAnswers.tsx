import { Suspense, lazy } from 'react';

// Loaded with the respond page's section, never in the watch page's first load.
const StudentAnswersContent = lazy(() => import('./StudentAnswersContent'));

/** Students' answers to a question (issue 24), for a signed-in reader of the lecture it was asked in. */
export const StudentAnswers = (props: { questionId: string }) => (
  <Suspense fallback={<p className="hint">Loading students’ answers…</p>}>
    <StudentAnswersContent {...props} />
  </Suspense>
);
