// What other features may use of media (the boundary rule, scripts/eslint-server-boundaries.js, admits no
// other file of it): the files behind every video and answer. An upload is ingested (stored at once, or
// set aside and queued for conversion into whatever its owner registered as a processing target); what no
// video and no answer references any more is deleted, its files after the commit.
export { deleteOrphanedVideos, deleteUnreferencedMediaRows, removeUnreferencedMedia } from './cleanup';
export { discardIngested, type Ingested, type IngestedMedia, ingestUpload } from './ingest';
export { type ProcessingTarget, registerProcessingTarget } from './processing/processing.job';
export {
  forgetProcessing,
  PROCESS_MEDIA_JOB,
  queueProcessing,
  registerProcessingJobs,
} from './processing/processing.jobs';
export type { ProcessingRow } from './processing/processing.repository';
