export { type TusAnswerHeaders, type TusUploadOptions, tusUpload } from './tus-upload';
export { type UploadProgressState, useTusUpload } from './use-tus-upload';
