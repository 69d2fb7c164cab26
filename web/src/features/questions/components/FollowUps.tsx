import { Suspense, lazy } from 'react';
import type { FollowUpExtra } from './FollowUpsContent';

// The follow-ups' section loads when an answer is opened, never in the watch page's first load.
const FollowUpsContent = lazy(() => import('./FollowUpsContent'));

/** The follow-ups under an answered question (issue 24), for a signed-in reader. */
export const FollowUps = (props: { questionId: string; questionHidden: boolean; extra?: FollowUpExtra }) => (
  <Suspense fallback={<p className="hint">Loading follow-ups…</p>}>
    <FollowUpsContent {...props} />
  </Suspense>
);
