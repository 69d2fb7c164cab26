import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { ErrorPage } from './layout/ErrorPage';
import { Layout } from './layout/Layout';
import { RequireUser, SessionReady } from './layout/RequireUser';

// Each page is its own chunk, loaded when its route is first visited: the first load carries only the
// shell and the page it opens (issue 11 #14). routes/XPage.tsx exports the component XPage.
const pages = import.meta.glob<Record<string, ComponentType>>('./routes/*Page.tsx');

function page(name: string) {
  const load = pages[`./routes/${name}.tsx`];
  // At start-up, so a misspelt page breaks every page at once rather than one route silently.
  if (!load) throw new Error(`web/src/app/routes/${name}.tsx does not exist`);
  return async () => ({ Component: (await load())[name] });
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
          { path: '/login/:courseIDtoJoin?', lazy: page('LoginPage') },
          { path: '/signup/:courseIDtoJoin?', lazy: page('SignupPage') },
          { path: '/forgot-password', lazy: page('ForgotPasswordPage') },
          { path: '/reset-password/:token', lazy: page('ResetPasswordPage') },
          { path: '/courses/:courseId/questions', lazy: page('CourseQuestionsPage') },
          { path: '/video/:videoId/:videoAnswerId?', lazy: page('VideoPage') },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          { path: '/', lazy: page('HomePage') },
          { path: '/courses', lazy: page('CoursesPage') },
          { path: '/courses/new', lazy: page('CreateCoursePage') },
          { path: '/courses/join/:courseIDtoJoin?', lazy: page('JoinPage') },
          { path: '/courses/:courseId', lazy: page('CoursePage') },
          { path: '/my-videos', lazy: page('MyVideosPage') },
          { path: '/action-items', lazy: page('ActionItemsPage') },
          { path: '/settings', lazy: page('SettingsPage') },
          { path: '/add-admin', lazy: page('AddAdminPage') },
          { path: '/:videoId/questions', lazy: page('VideoQuestionsPage') },
          { path: '/upload/:courseId', lazy: page('UploadLecturePage') },
          { path: '/respond/:questionID', lazy: page('RespondPage') },
          { path: '/lecture/:id', lazy: page('LecturePage') },
          { path: '/lecture-with-responses/:videoId', lazy: page('LectureWithResponsesPage') },
          { path: '/videoAdmin/:videoId', lazy: page('VideoAdminPage') },
          { path: '/videoAdmin/:videoId/usage', lazy: page('UsagePage') },
          { path: '/captions/:owner/:ownerId', lazy: page('CaptionsPage') },
          { path: '/editQuestion/:questionId', lazy: page('EditQuestionPage') },
          { path: '/editLecture/:lectureId', lazy: page('EditLecturePage') },
          { path: '/duplicateLecture/:lectureID', lazy: page('DuplicateLecturePage') },
          { path: '/editCourse/:courseId', lazy: page('EditCoursePage') },
          { path: '/handleBBBMeetingEnd/:questionID', lazy: page('MeetingEndPage') },
        ],
      },
      { path: '*', lazy: page('NotFoundPage') },
    ],
  },
]);
