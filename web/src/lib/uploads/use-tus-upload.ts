import { useCallback, useState } from 'react';
import type { TusAnswerHeaders, TusUploadOptions } from './tus-upload';
import type { RateSample } from './upload-rate';

export interface UploadProgressState {
  /** 0..1 while uploading, null when idle. */
  fraction: number | null;
  fileName: string;
  /** The first and the latest progress report, for the speed and time left (upload-rate.ts). */
  first: RateSample | null;
  latest: RateSample | null;
  totalBytes: number;
}

const IDLE: UploadProgressState = { fraction: null, fileName: '', first: null, latest: null, totalBytes: 0 };

/**
 * One resumable upload at a time, with its progress for a progress bar. Generic: the caller gives the
 * tus metadata (and a signal to cancel) and reads what it needs from the answer headers (e.g. the created
 * video's id).
 */
export function useTusUpload() {
  const [progress, setProgress] = useState<UploadProgressState>(IDLE);

  const upload = useCallback(
    async (file: File, options: Omit<TusUploadOptions, 'onProgress'>): Promise<TusAnswerHeaders> => {
      setProgress({ ...IDLE, fraction: 0, fileName: file.name });
      let first: RateSample | null = null;
      try {
        // tus-js-client (~20 KB gzip) is fetched with the first upload, not with every page that can upload.
        const { tusUpload } = await import('./tus-upload');
        return await tusUpload(file, {
          ...options,
          onProgress: (sent, total) => {
            const latest = { sent, at: performance.now() };
            first ??= latest; // a resumed upload starts part-way: its speed counts from there
            setProgress({
              fraction: total ? sent / total : 0,
              fileName: file.name,
              first,
              latest,
              totalBytes: total,
            });
          },
        });
      } finally {
        setProgress(IDLE);
      }
    },
    [],
  );

  return { upload, progress };
}
