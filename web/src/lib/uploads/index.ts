// The upload hook and its types. Wording a failure lives in ./upload-failure, imported directly by the
// pages that need it: the watch page loads this hook (answer uploads) and should not carry those words.
export type { TusAnswerHeaders, TusUploadOptions } from './tus-upload';
export { type UploadProgressState, useTusUpload } from './use-tus-upload';
