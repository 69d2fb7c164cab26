import { Navigate } from 'react-router';
import { RootRedirect } from './RootRedirect';
import { afterLoginPath } from '../utils/after-login';

/** Login or signup opened with a session already: the root redirect, or on to the course to join. */
export function SignedInRedirect({ courseIDtoJoin }: { courseIDtoJoin?: string }) {
  if (!courseIDtoJoin) return <RootRedirect />;
  return <Navigate to={afterLoginPath(courseIDtoJoin, null)} replace />;
}
