export type { TusAnswerHeaders, TusUploadOptions } from './tus-upload';
export { type UploadProgressState, useTusUpload } from './use-tus-upload';
