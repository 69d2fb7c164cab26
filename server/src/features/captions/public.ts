// What other features may use of captions (the boundary rule, scripts/eslint-server-boundaries.js, admits
// no other file of it): queueing the automatic captions of a video or answer that has just become ready,
// and removing a deleted course's speech model.
export { removeCourseVoice } from './automatic/course-voice';
export { queueAutomaticCaptions } from './automatic/transcription.job';
