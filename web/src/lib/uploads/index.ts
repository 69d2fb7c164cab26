export type { TusAnswerHeaders, TusUploadOptions } from './tus-upload';
export { uploadFailureReason } from './upload-failure';
export { type UploadProgressState, useTusUpload } from './use-tus-upload';
