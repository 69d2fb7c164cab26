import type { CaptionOwner } from '@lectern/shared';

// Every TanStack Query key of the app, in one place: reads use these to cache, writes and the events
// stream use the same ones to invalidate. Keys are hierarchical, so a shorter key (e.g. `questions.all`)
// invalidates every longer key that starts with it.

export const queryKeys = {
  questions: {
    all: ['questions'] as const,
    /** Every cached read of one video (any ?lectureId). */
    ofVideo: (videoId: string) => ['questions', 'video', videoId] as const,
    video: (videoId: string, lectureId: string | null) => ['questions', 'video', videoId, lectureId] as const,
    one: (id: string) => ['questions', 'one', id] as const,
    /** Follow-ups waiting for the instructor's answer (Action Items, issue 24). */
    followUpsWaiting: ['questions', 'follow-ups-waiting'] as const,
    /** The flagged posts of the courses a user administers (Action Items, issue 24). */
    flagged: ['questions', 'flagged'] as const,
    /** An answered question's follow-ups (issue 24). */
    followUps: (id: string) => ['questions', 'follow-ups', id] as const,
    /** Students' answers to a question (issue 24). */
    studentAnswers: (id: string) => ['questions', 'student-answers', id] as const,
    /** Classmates' questions on a video waiting for an answer, for students who may answer (issue 24). */
    openQuestions: (videoId: string) => ['questions', 'open', videoId] as const,
    /** Questions of the courses a user manages (Home, Action Items). */
    managedAll: ['questions', 'managed'] as const,
    managed: (userId: string) => ['questions', 'managed', userId] as const,
    /** The questions a user asked (Home). */
    ownAll: ['questions', 'own'] as const,
    own: (userId: string) => ['questions', 'own', userId] as const,
    lectureAll: ['questions', 'lecture'] as const,
    lecture: (lectureId: string) => ['questions', 'lecture', lectureId] as const,
    courseAll: ['questions', 'course'] as const,
    course: (courseId: string) => ['questions', 'course', courseId] as const,
  },
  /** Earlier answered questions like the text being typed (issue 24); the moment weighs, it is no key. */
  suggestions: (videoId: string, lectureId: string | null, text: string) =>
    ['suggestions', videoId, lectureId, text] as const,
  /**
   * Answered questions like a waiting one (issue 24). Not under `questions`: Action Items holds one per
   * item, and every question event refetching them all would cost a request per item; they go stale
   * after a minute, and at once on "Use this answer".
   */
  possibleAnswersAll: ['possible-answers'] as const,
  possibleAnswers: (questionId: string) => ['possible-answers', questionId] as const,
  /** Those of a page of Action Items, read at once. */
  possibleAnswersOf: (questionIds: readonly string[]) => ['possible-answers', 'of', ...questionIds] as const,
  /** Where an answer video is: it never changes, a new answer has a new id. */
  responseVideo: (responseId: string) => ['response-video', responseId] as const,
  lectures: {
    all: ['lectures'] as const,
    detail: (id: string) => ['lectures', 'detail', id] as const,
    videos: (id: string) => ['lectures', 'videos', id] as const,
    /** Whether the lecture sends watch progress to the LMS gradebook (refetched on lecture.changed). */
    ltiGradebook: (id: string) => ['lectures', 'lti-gradebook', id] as const,
  },
  courses: {
    all: ['courses'] as const,
    userCourses: (userId: string) => ['courses', 'user', userId] as const,
    detail: (id: string) => ['courses', 'detail', id] as const,
    lectures: (courseId: string) => ['courses', 'lectures', courseId] as const,
    joinPreview: (code: string) => ['courses', 'join-preview', code] as const,
    members: (courseId: string, q: string) => ['courses', 'members', courseId, q] as const,
    /** The course's LMS links and roster syncs (refetched on course.changed, under courses.all). */
    ltiRoster: (courseId: string) => ['courses', 'lti-roster', courseId] as const,
  },
  /** The installation's LTI platforms (/admin/lti; no event names them: only their admins change them). */
  ltiPlatforms: ['lti-platforms'] as const,
  dashboard: {
    all: ['dashboard'] as const,
    joinedLectures: (userId: string) => ['dashboard', 'joined-lectures', userId] as const,
  },
  videos: {
    contexts: (videoId: string) => ['videos', 'contexts', videoId] as const,
    storage: ['videos', 'storage'] as const,
  },
  usage: {
    activity: (lectureId: string) => ['usage', 'lecture-activity', lectureId] as const,
    students: (videoId: string) => ['usage', 'student-activity', videoId] as const,
    engagement: (videoId: string) => ['usage', 'engagement', videoId] as const,
  },
  /** A question's room as the caller may enter it (GET /api/bbb/startMeeting). */
  meetings: {
    all: ['meetings'] as const,
    room: (questionId: string) => ['meetings', 'room', questionId] as const,
    presence: (questionId: string) => ['meetings', 'presence', questionId] as const,
  },
  /** Every caption read starts with 'captions', so one invalidation after a change refreshes the track
   *  list, the cues and the <track> files together. */
  captions: {
    all: ['captions'] as const,
    tracks: (owner: CaptionOwner, ownerId: string) => ['captions', owner, ownerId] as const,
    cues: (owner: CaptionOwner, ownerId: string, language: string) =>
      ['captions', owner, ownerId, language] as const,
    vtt: (owner: CaptionOwner, ownerId: string, language: string, sha256: string) =>
      ['captions', owner, ownerId, language, 'vtt', sha256] as const,
    /** Where the automatic captions stand (`automatic` is no language tag, so no track's key). */
    automatic: (owner: CaptionOwner, ownerId: string) => ['captions', owner, ownerId, 'automatic'] as const,
  },
  courseSearch: (courseId: string, q: string) => ['course-search', courseId, q] as const,
  notification: (userId: string) => ['notification', userId] as const,
  emailStatus: ['account', 'email'] as const,
  invitations: ['invitations'] as const,
  config: ['config'] as const,
};

export type QueryKey = readonly unknown[];
