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
  /**
   * A follow-up's answer video whose processing failed, as its admins see it: why, as a lecture video
   * shows it; without a kept reason (one failed before reasons were kept), where the reason went.
   */
  followUpAnswerFailed: (reason: string | null) =>
    reason === null
      ? 'The answer video could not be processed (the reason was mailed to its uploader). Upload or record it again.'
      : `The answer video could not be processed: ${reason}`,
  /** Until the conversion reports its first percent, the upload waits its turn behind the others. */
  processing: (progress: number | null) =>
    progress === null ? 'Queued: waiting for its turn to be converted…' : `Processing video… ${progress}%`,
} as const;
