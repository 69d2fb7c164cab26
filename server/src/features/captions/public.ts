// What other features may use of captions (the boundary rule, scripts/eslint-server-boundaries.js, admits
// no other file of it): queueing the automatic captions of a video or answer that has just become ready.
export { queueAutomaticCaptions } from './automatic/transcription.job';
