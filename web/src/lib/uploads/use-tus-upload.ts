import { useCallback, useState } from 'react';
import type { TusAnswerHeaders, TusUploadOptions } from './tus-upload';

export interface UploadProgressState {
  /** 0..1 while uploading, null when idle. */
  fraction: number | null;
  fileName: string;
}

/**
 * One resumable upload at a time, with its progress for a <progress> bar. Generic: the caller gives the
 * tus metadata and reads what it needs from the answer headers (e.g. the created video's id).
 */
export function useTusUpload() {
  const [progress, setProgress] = useState<UploadProgressState>({ fraction: null, fileName: '' });

  const upload = useCallback(
    async (file: File, options: Omit<TusUploadOptions, 'onProgress'>): Promise<TusAnswerHeaders> => {
      setProgress({ fraction: 0, fileName: file.name });
      try {
        // tus-js-client (~20 KB gzip) is fetched with the first upload, not with every page that can upload.
        const { tusUpload } = await import('./tus-upload');
        return await tusUpload(file, {
          ...options,
          onProgress: (sent, total) =>
            setProgress({ fraction: total ? sent / total : 0, fileName: file.name }),
        });
      } finally {
        setProgress({ fraction: null, fileName: '' });
      }
    },
    [],
  );

  return { upload, progress };
}
