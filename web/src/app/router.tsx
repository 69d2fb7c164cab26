import { type ComponentType, Suspense, lazy, useState } from 'react';
import { type LoaderFunctionArgs, createBrowserRouter } from 'react-router';
import { videoWithQuestionsQuery } from '../features/questions/api/video-with-questions';
import { ErrorPage } from './layout/ErrorPage';
import { chunkLoaded } from './layout/stale-chunk';
import { Layout } from './layout/Layout';
import { RequireUser, SessionReady } from './layout/RequireUser';
import { queryClient } from './query-client';

// Each page is its own chunk, requested when its route first matches: the first load carries only the
// shell and the page it opens (issue 11 #14). routes/XPage.tsx exports the component XPage.
const pages = import.meta.glob<Record<string, ComponentType>>('./routes/*Page.tsx');
const loadedPages = new Map<string, ComponentType>();
/** Set once the router has shown its first page (below). */
let initialized = false;

/**
 * A route's page: its element, and a loader that requests the page's chunk (and `prefetch`, the data it
 * needs first) as soon as the URL matches, beside the session check, instead of one after another once
 * the page renders (issue 14).
 *
 * On the first load the loader waits for the chunk (nothing is on screen yet anyway), so the page renders
 * at once. Rendered before its chunk it would suspend, and React holds the reveal of suspended content back
 * until 300 ms after the fallback showed: the watch page's <video> existed a quarter of a second before it
 * was on the page. Later navigations change the URL at once, as they always did, and a page whose chunk
 * is not in yet suspends.
 */
function page(name: string, prefetch?: (args: LoaderFunctionArgs) => void) {
  const load = pages[`./routes/${name}.tsx`];
  // At start-up, so a misspelt page breaks every page at once rather than one route silently.
  if (!load) throw new Error(`web/src/app/routes/${name}.tsx does not exist`);
  const Lazy = lazy(async () => ({ default: (await load())[name]! }));
  function Page() {
    // Decided once per mount: switching from the lazy form to the loaded one would remount the page.
    const [Loaded] = useState(() => loadedPages.get(name));
    if (Loaded) return <Loaded />;
    // A chunk not in yet, or one that failed: React.lazy asks again and reports a failure to the error page.
    return (
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    );
  }
  return {
    element: <Page />,
    loader: async (args: LoaderFunctionArgs) => {
      prefetch?.(args);
      if (loadedPages.has(name)) return null;
      const chunk = load().then(
        (module) => {
          loadedPages.set(name, module[name]!);
          chunkLoaded();
        },
        () => undefined, // reported when the page renders (above)
      );
      if (!initialized) await chunk;
      return null;
    },
  };
}

/** The watch page's video: the answer that carries the source the player starts loading. */
function prefetchWatchedVideo({ params, request }: LoaderFunctionArgs) {
  const lectureId = new URL(request.url).searchParams.get('lectureId');
  // Never waited for; skipped when the cache holds a fresh copy.
  void queryClient.prefetchQuery(videoWithQuestionsQuery(params.videoId!, lectureId));
}

// The route table of SPEC §2. Paths match case-insensitively, so the course page's "/EditCourse/…" works.
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <ErrorPage />,
    // While the router calls the first load's loaders (its page's chunk, at most), nothing is shown.
    HydrateFallback: () => null,
    children: [
      {
        // Pages anyone may open; they wait for the session check so they can adapt to a user.
        element: <SessionReady />,
        children: [
          { path: '/', ...page('RootPage') }, // Home, or the landing page for a visitor
          { path: '/login/:courseIDtoJoin?', ...page('LoginPage') },
          { path: '/signup/:courseIDtoJoin?', ...page('SignupPage') },
          { path: '/forgot-password', ...page('ForgotPasswordPage') },
          { path: '/reset-password/:token', ...page('ResetPasswordPage') },
          { path: '/verify-email/:token', ...page('VerifyEmailPage') },
          { path: '/lti/enter', ...page('LtiEnterPage') }, // where an LMS launch lands (issue 23)
          { path: '/courses/:courseId/questions', ...page('CourseQuestionsPage') },
          { path: '/video/:videoId/:videoAnswerId?', ...page('VideoPage', prefetchWatchedVideo) },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          { path: '/courses', ...page('CoursesPage') },
          { path: '/lti/deep-link', ...page('LtiDeepLinkPage') }, // the deep-linking picker (issue 23)
          { path: '/courses/new', ...page('CreateCoursePage') },
          { path: '/courses/join/:courseIDtoJoin?', ...page('JoinPage') },
          { path: '/courses/:courseId', ...page('CoursePage') },
          { path: '/my-videos', ...page('MyVideosPage') },
          { path: '/action-items', ...page('ActionItemsPage') },
          { path: '/settings', ...page('SettingsPage') },
          { path: '/admin/lti', ...page('LtiPlatformsPage') }, // installation admins only (issue 23)
          { path: '/add-admin', ...page('AddAdminPage') },
          { path: '/invitations', ...page('InvitationsPage') },
          { path: '/:videoId/questions', ...page('VideoQuestionsPage') },
          { path: '/upload/:courseId', ...page('UploadLecturePage') },
          { path: '/respond/:questionID', ...page('RespondPage') },
          { path: '/room/:questionId', ...page('RoomPage') },
          { path: '/lecture/:id', ...page('LecturePage') },
          { path: '/lecture-with-responses/:videoId', ...page('LectureWithResponsesPage') },
          { path: '/videoAdmin/:videoId', ...page('VideoAdminPage') },
          { path: '/videoAdmin/:videoId/usage', ...page('UsagePage') },
          { path: '/captions/:owner/:ownerId', ...page('CaptionsPage') },
          { path: '/editQuestion/:questionId', ...page('EditQuestionPage') },
          { path: '/editLecture/:lectureId', ...page('EditLecturePage') },
          { path: '/duplicateLecture/:lectureID', ...page('DuplicateLecturePage') },
          { path: '/editCourse/:courseId', ...page('EditCoursePage') },
          { path: '/handleBBBMeetingEnd/:questionID', ...page('MeetingEndPage') },
        ],
      },
      { path: '*', ...page('NotFoundPage') },
    ],
  },
]);
// From the first page on, loaders no longer wait for chunks (page() above).
initialized = router.state.initialized;
const stopWatching = router.subscribe((state) => {
  if (!state.initialized) return;
  initialized = true;
  stopWatching();
});
