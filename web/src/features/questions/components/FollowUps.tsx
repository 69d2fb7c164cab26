import { Suspense, lazy } from 'react';

// The follow-ups' section loads when an answer is opened, never in the watch page's first load.
const FollowUpsContent = lazy(() => import('./FollowUpsContent'));

/** The follow-ups under an answered question (issue 24), for a signed-in reader. */
export const FollowUps = (props: { questionId: string; questionHidden: boolean }) => (
  <Suspense fallback={<p className="hint">Loading follow-ups…</p>}>
    <FollowUpsContent {...props} />
  </Suspense>
);
