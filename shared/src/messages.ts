// Every user-facing text of SPEC §5, §6 and §8, word for word. Screens and the server take them from here.

export const VALIDATION = {
  missingInformation: 'Missing information',
  fillAllFields: 'Please fill in all fields',
  pasteId: 'Paste a Course or Lecture ID',
  cantJoinOwnCourse: "You can't join a course you created.",
  passwordsDoNotMatch: 'Passwords do not match',
  questionTooShort: 'Your question is too short. Please elaborate.',
  titleRequired: 'Title is required',
  fileOrLinkNotBoth: 'Please choose either a file or a YouTube link, not both.',
  fileOrLinkRequired: 'Upload a file or enter a YouTube link',
  metadataRequired: 'Please fill in all required metadata',
  noVideosQueued: 'No videos in the queue',
  selectFile: 'Select a file to upload',
  enterTitle: 'Please enter a title',
  chooseFileOrLink: 'Choose a file or a YouTube link',
  oneSourceOnly: 'Please use only one source at a time',
  newPasswordsDoNotMatch: 'New password and confirm password do not match',
} as const;

export const CONFIRM = {
  deleteQuestion: 'Are you sure you want to delete this question? This action cannot be reversed.',
  deleteLecture: 'Are you sure you want to delete this lecture? This action cannot be reversed.',
  deleteCourse: 'Are you sure you want to delete this course? This action cannot be reversed.',
  removeVideo: 'Remove this video from the lecture? This cannot be undone.',
  fullscreen:
    'Full screen mode is not supported for showing questions. Please exit full screen to see the questions and get the most out of this lecture platform.',
} as const;

export const ANONYMOUS = {
  // SPEC §5 says 'click "Logout" and then login', which a logged-out viewer cannot do (issue 11 #8).
  warning:
    'You are not logged in. You can watch this lecture and its responses; log in to ask questions and use all features.',
  askingDisabled: 'Asking questions is disabled since you are not logged in.',
} as const;

export const FETCH_ERRORS = {
  questions: 'Error fetching questions',
  lectures: 'Error fetching lectures',
  userQuestions: 'Error fetching user questions',
  courses: 'Error fetching courses',
  notificationOptions: "Unable to fetch user's notification options",
  notificationPrefix: 'Error: ',
  courseDetails: 'Error fetching course details',
  courseNotFound: 'Course not found',
  failedQuestions: 'Failed to load questions',
  failedLectureVideo: 'Failed to load lecture video',
  loadingResponse: 'Error loading response',
  yourCourses: 'Error loading your courses',
  lectureVideos: 'Error loading lecture videos',
  couldNotLoadResponse: 'Could not load response',
  usage: 'Failed to load usage data',
} as const;

export const SETTINGS_ERRORS = {
  incorrectPassword: 'Incorrect current password',
  passwordUpdateFailed: 'Failed to update password',
  userNotFound: 'User not found',
  updateUserFailed: 'Error updating user',
} as const;

export const ERRORS = {
  addAdminPrefix: "Can't add admin to the course.",
  voteFailed: 'Vote failed',
  courseNotCreated: 'Course could not be created',
  lectureNavigateFailed: 'Lecture exists but failed to navigate.',
  courseDoesNotExist: 'Course does not exist. Please check and try again.',
  lectureDoesNotExist: 'Lecture does not exist. Please check and try again.',
  alreadyEnrolled: 'Already enrolled in that course',
  alreadyJoinedLecture: 'Already joined that lecture',
  copyFailed: 'Failed to copy link.',
  unexpected: 'An unexpected error occurred',
  resetRequestFailed: 'An error occurred while requesting the password reset.',
  resetFailed: 'Error resetting password',
  questionNotSubmitted: 'Question not submitted due to a server error.',
  discussionNotStarted: 'Discussion not started due to a server error.',
  popupBlocked: 'Popup blocked! Please allow popups for this website.',
  deleteQuestion: 'Error deleting question',
  bbbStartFailed: 'Failed to start BigBlueButton meeting',
  /** The same error with the built-in room (issue 10: "the same text with the product's name"). */
  builtinStartFailed: 'Failed to start Lectern meeting',
  questionNotFound: 'Question not found',
  videoNotFound: 'Video Not Found',
  noResponseYet: 'No response yet for that question.',
  fileUploadFailedPrefix: 'File Upload Failed: ',
  fileUploadFailedInTry: 'File Upload Failed in Try',
  uploadFailed: 'Upload failed',
  addVideoFailed: 'Failed to add video',
  removeVideoFailed: 'Failed to remove video',
  updateTitleFailed: 'Failed to update title',
  reorderFailed: 'Failed to reorder videos',
  questionStatusFailed: 'Failed to update question status',
  updateLectureFailed: 'Error updating lecture',
  updateCourseFailed: 'Error updating course',
  duplicateFailed: 'Error duplicating lecture',
  updateQuestionFailed: 'Error updating question',
} as const;

export const SUCCESS = {
  passwordUpdated: 'Password updated successfully',
  notificationsUpdated: 'Email notification opt-in updated successfully',
  loggedOut: 'You have been logged out',
  adminAdded: 'Admin added!',
  courseJoined: 'Course joined!',
  lectureJoined: 'Lecture joined!',
  linkCopied: 'Link copied to clipboard!',
  welcomeBack: (name: string) => `Welcome back, ${name}`,
  welcome: (name: string) => `Welcome, ${name}`,
  accountCreated: 'Account created successfully!',
  resetLinkSent: 'If an account with that email exists, you will receive a password reset link shortly.',
  passwordReset: 'Password reset successful',
  questionDeleted: 'Question deleted successfully',
  questionUpdated: 'Question updated successfully',
  lectureDeleted: 'Lecture deleted successfully',
  lectureUpdated: 'Lecture updated successfully',
  courseDeleted: 'Course deleted successfully',
  courseUpdated: 'Course updated successfully',
  videoRemoved: 'Video removed',
  titleUpdated: 'Title updated',
  orderUpdated: 'Order updated',
  videoUploaded: 'Video uploaded',
  youtubeAdded: 'YouTube video added',
  lectureDuplicated: 'Lecture duplicated successfully',
  fileUploadSuccessful: 'File Upload Successful',
  lectureUploaded: 'Lecture and videos uploaded!',
  courseCreated: (name: string) => `${name} Course created successfully!`,
  questionSubmitted: (text: string) => `Your question will be answered as soon as possible: ${text}`,
} as const;

export const STATUS_TEXT = {
  liveWaiting: 'A student is waiting in a virtual room. Join this meeting as soon as you can.',
  processing: 'Processing video response....',
  processingOverwrite: 'Responding again may overwrite the response that is being processed.',
  meetingEnded: 'Please close this window to return to the lecture.',
  noPendingLectureQuestions: 'No pending questions to answer for this lecture.',
  noAnsweredInLecture: 'No questions have been answered in this lecture yet.',
  actionItemsEmpty:
    'You do not currently have anything that needs to be dealt with. When questions are asked in videos you posted, this page will list them so you can respond to them.',
  noUsage: 'No activity yet.',
  noVideoIdInRoute: 'No videoId in route.',
} as const;

/** Where a live question's asker is, on the instructor's cards (issue 21): Lectern's own texts. */
export const ROOM_PRESENCE = {
  waiting: (duration: string) => `Waiting ${duration}`,
  left: (duration: string) => `The student left the room ${duration} ago.`,
  notYet: 'The student has not joined the room yet.',
} as const;

/** Video processing (issue 9): refusals at upload, and the reasons a failed video shows its instructor. */
export const MEDIA = {
  notAVideo: 'This file is not a video Lectern can use. Upload an MP4, MOV, WebM or MKV file.',
  damaged: 'This video file is damaged or incomplete, so Lectern cannot read it. Export or record it again.',
  conversionFailed: 'Lectern could not convert this video',
  outputInvalid:
    'Lectern converted this video but the result would not play everywhere. Delete it and upload it again; if that fails too, export it from your editor as MP4 (H.264) and upload that.',
  originalMissing: 'The uploaded file is no longer there, so the video cannot be processed. Upload it again.',
  frameTooLarge:
    'This video is larger than 4096×4096 pixels. Export it at 4K or smaller and upload it again.',
  tooLong: 'This video is longer than 4 hours. Split it into parts and upload each as its own video.',
  tooSlow:
    'Converting this video took far longer than its length allows, so Lectern stopped. Export it again as MP4 (H.264) and upload that.',
  /** Until the conversion reports its first percent, the upload waits its turn behind the others. */
  processing: (progress: number | null) =>
    progress === null ? 'Queued: waiting for its turn to be converted…' : `Processing video… ${progress}%`,
} as const;

export const LOADING = {
  session: 'Loading...',
  redirecting: 'Redirecting...',
  data: 'Loading data...',
  courses: 'Loading courses…',
  questions: 'Loading questions...',
  questionDetails: 'Loading question details...',
  videoAndQuestions: 'Loading video and questions...',
} as const;

/** Not in the SPEC: texts of the account hardening of issue 12 (docs/decisions.md "Accounts hardening"). */
export const ACCOUNT_SECURITY = {
  // Signup with an address that already has an account (issue 20; docs/decisions.md).
  emailInUse: 'Email is already in use',
  emailVerified: 'Your e-mail address is verified.',
  verificationSent: 'We sent a confirmation link. Open it from your inbox to verify the address.',
  emailUnverified:
    'Not verified yet: no invitation or notification reaches it until you open the link we sent.',
  emailChangePending: (email: string) => `Changing to ${email}: open the link we sent there to confirm.`,
  resendVerification: 'Resend verification e-mail',
  // Settings, under the notification boxes, while the address is unverified (issue 20).
  notificationsNeedVerifiedAddress:
    'These e-mails are off until your address is verified: open the link we sent, or resend it.',
  // The same words whatever was named: the answer must not tell whether an account exists.
  invitationSent:
    'Invitation sent. If it names a Lectern account with a verified address, its owner can accept it there.',
  invitationAccepted: (course: string) => `You are now an administrator of ${course}.`,
  invitationDeclined: 'Invitation declined',
  noInvitations: 'You have no pending invitations.',
} as const;
