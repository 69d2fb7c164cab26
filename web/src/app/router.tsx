import { createBrowserRouter } from 'react-router';
import { ErrorPage } from './layout/ErrorPage';
import { Layout } from './layout/Layout';
import { RequireUser, SessionReady } from './layout/RequireUser';
import { ActionItemsPage } from './routes/ActionItemsPage';
import { CaptionsPage } from './routes/CaptionsPage';
import { AddAdminPage } from './routes/AddAdminPage';
import { CoursePage } from './routes/CoursePage';
import { CourseQuestionsPage } from './routes/CourseQuestionsPage';
import { CoursesPage } from './routes/CoursesPage';
import { CreateCoursePage } from './routes/CreateCoursePage';
import { DuplicateLecturePage } from './routes/DuplicateLecturePage';
import { EditCoursePage } from './routes/EditCoursePage';
import { EditLecturePage } from './routes/EditLecturePage';
import { EditQuestionPage } from './routes/EditQuestionPage';
import { ForgotPasswordPage } from './routes/ForgotPasswordPage';
import { HomePage } from './routes/HomePage';
import { JoinPage } from './routes/JoinPage';
import { LecturePage } from './routes/LecturePage';
import { LectureWithResponsesPage } from './routes/LectureWithResponsesPage';
import { LoginPage } from './routes/LoginPage';
import { MeetingEndPage } from './routes/MeetingEndPage';
import { MyVideosPage } from './routes/MyVideosPage';
import { NotFoundPage } from './routes/NotFoundPage';
import { RespondPage } from './routes/RespondPage';
import { RoomPage } from './routes/RoomPage';
import { ResetPasswordPage } from './routes/ResetPasswordPage';
import { SettingsPage } from './routes/SettingsPage';
import { SignupPage } from './routes/SignupPage';
import { UploadLecturePage } from './routes/UploadLecturePage';
import { UsagePage } from './routes/UsagePage';
import { VideoAdminPage } from './routes/VideoAdminPage';
import { VideoPage } from './routes/VideoPage';
import { VideoQuestionsPage } from './routes/VideoQuestionsPage';

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
          { path: '/login/:courseIDtoJoin?', element: <LoginPage /> },
          { path: '/signup/:courseIDtoJoin?', element: <SignupPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password/:token', element: <ResetPasswordPage /> },
          { path: '/courses/:courseId/questions', element: <CourseQuestionsPage /> },
          { path: '/video/:videoId/:videoAnswerId?', element: <VideoPage /> },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/courses', element: <CoursesPage /> },
          { path: '/courses/new', element: <CreateCoursePage /> },
          { path: '/courses/join/:courseIDtoJoin?', element: <JoinPage /> },
          { path: '/courses/:courseId', element: <CoursePage /> },
          { path: '/my-videos', element: <MyVideosPage /> },
          { path: '/action-items', element: <ActionItemsPage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/add-admin', element: <AddAdminPage /> },
          { path: '/:videoId/questions', element: <VideoQuestionsPage /> },
          { path: '/upload/:courseId', element: <UploadLecturePage /> },
          { path: '/respond/:questionID', element: <RespondPage /> },
          { path: '/room/:questionId', element: <RoomPage /> },
          { path: '/lecture/:id', element: <LecturePage /> },
          { path: '/lecture-with-responses/:videoId', element: <LectureWithResponsesPage /> },
          { path: '/videoAdmin/:videoId', element: <VideoAdminPage /> },
          { path: '/videoAdmin/:videoId/usage', element: <UsagePage /> },
          { path: '/captions/:owner/:ownerId', element: <CaptionsPage /> },
          { path: '/editQuestion/:questionId', element: <EditQuestionPage /> },
          { path: '/editLecture/:lectureId', element: <EditLecturePage /> },
          { path: '/duplicateLecture/:lectureID', element: <DuplicateLecturePage /> },
          { path: '/editCourse/:courseId', element: <EditCoursePage /> },
          { path: '/handleBBBMeetingEnd/:questionID', element: <MeetingEndPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
