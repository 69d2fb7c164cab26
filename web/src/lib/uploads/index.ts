export { type TusAnswerHeaders, type TusUploadOptions, tusUpload, uploadFailureReason } from './tus-upload';
export { type UploadProgressState, useTusUpload } from './use-tus-upload';
