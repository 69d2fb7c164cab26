import { type ComponentType, Suspense, lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { ErrorPage } from './layout/ErrorPage';
import { Layout } from './layout/Layout';
import { RequireUser, SessionReady } from './layout/RequireUser';

// Each page is its own chunk, loaded when its route is first rendered: the first load carries only the
// shell and the page it opens (issue 11 #14). routes/XPage.tsx exports the component XPage. React.lazy
// rather than the router's `lazy`: the URL changes at once, as it did before, while the chunk loads.
const pages = import.meta.glob<Record<string, ComponentType>>('./routes/*Page.tsx');

function page(name: string) {
  const load = pages[`./routes/${name}.tsx`];
  // At start-up, so a misspelt page breaks every page at once rather than one route silently.
  if (!load) throw new Error(`web/src/app/routes/${name}.tsx does not exist`);
  const Page = lazy(async () => ({ default: (await load())[name]! }));
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

// The route table of SPEC §2. Paths match case-insensitively, so the course page's "/EditCourse/…" works.
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [
      {
        // Pages anyone may open; they wait for the session check so they can adapt to a user.
        element: <SessionReady />,
        children: [
          { path: '/', element: page('RootPage') }, // Home, or the landing page for a visitor
          { path: '/login/:courseIDtoJoin?', element: page('LoginPage') },
          { path: '/signup/:courseIDtoJoin?', element: page('SignupPage') },
          { path: '/forgot-password', element: page('ForgotPasswordPage') },
          { path: '/reset-password/:token', element: page('ResetPasswordPage') },
          { path: '/verify-email/:token', element: page('VerifyEmailPage') },
          { path: '/courses/:courseId/questions', element: page('CourseQuestionsPage') },
          { path: '/video/:videoId/:videoAnswerId?', element: page('VideoPage') },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          { path: '/courses', element: page('CoursesPage') },
          { path: '/courses/new', element: page('CreateCoursePage') },
          { path: '/courses/join/:courseIDtoJoin?', element: page('JoinPage') },
          { path: '/courses/:courseId', element: page('CoursePage') },
          { path: '/my-videos', element: page('MyVideosPage') },
          { path: '/action-items', element: page('ActionItemsPage') },
          { path: '/settings', element: page('SettingsPage') },
          { path: '/add-admin', element: page('AddAdminPage') },
          { path: '/invitations', element: page('InvitationsPage') },
          { path: '/:videoId/questions', element: page('VideoQuestionsPage') },
          { path: '/upload/:courseId', element: page('UploadLecturePage') },
          { path: '/respond/:questionID', element: page('RespondPage') },
          { path: '/room/:questionId', element: page('RoomPage') },
          { path: '/lecture/:id', element: page('LecturePage') },
          { path: '/lecture-with-responses/:videoId', element: page('LectureWithResponsesPage') },
          { path: '/videoAdmin/:videoId', element: page('VideoAdminPage') },
          { path: '/videoAdmin/:videoId/usage', element: page('UsagePage') },
          { path: '/captions/:owner/:ownerId', element: page('CaptionsPage') },
          { path: '/editQuestion/:questionId', element: page('EditQuestionPage') },
          { path: '/editLecture/:lectureId', element: page('EditLecturePage') },
          { path: '/duplicateLecture/:lectureID', element: page('DuplicateLecturePage') },
          { path: '/editCourse/:courseId', element: page('EditCoursePage') },
          { path: '/handleBBBMeetingEnd/:questionID', element: page('MeetingEndPage') },
        ],
      },
      { path: '*', element: page('NotFoundPage') },
    ],
  },
]);
