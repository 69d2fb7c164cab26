import { TUS_ENDPOINT } from '@lectern/shared';
import { type HttpResponse, Upload } from 'tus-js-client';
import { authHeaders } from '../api-client';

// Resumable uploads over tus (DESIGN §2): lecture files can be gigabytes on campus Wi-Fi. tus-js-client
// stores each upload's URL in localStorage under a fingerprint, so picking the same file again after a
// reload resumes where it stopped instead of starting over.

const CHUNK_SIZE = 8 * 1024 * 1024;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000];

export interface TusUploadOptions {
  /** tus Upload-Metadata, e.g. { kind: 'lectureVideo', courseID, lectureID, title }. */
  metadata: Record<string, string>;
  onProgress?(sent: number, total: number): void;
  signal?: AbortSignal;
}

/** The headers of the server's last answer (the final PATCH), lower-cased names. */
export type TusAnswerHeaders = Record<string, string>;

/**
 * The metadata is part of the fingerprint: the same file sent to another lecture is another upload, and
 * must not resume (and so attach to) the earlier one.
 */
export async function uploadFingerprint(file: File, metadata: Record<string, string>): Promise<string> {
  const key = JSON.stringify([file.name, file.type, file.size, file.lastModified, metadata]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `tus-lectern-${hex}`;
}

function headersOf(response: HttpResponse): TusAnswerHeaders {
  const xhr: unknown = response.getUnderlyingObject();
  if (!(xhr instanceof XMLHttpRequest)) return {};
  const headers: TusAnswerHeaders = {};
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

/** Uploads one file (resuming an earlier attempt if there is one) and resolves with the answer headers. */
export async function tusUpload(file: File, options: TusUploadOptions): Promise<TusAnswerHeaders> {
  const print = await uploadFingerprint(file, options.metadata);
  return new Promise<TusAnswerHeaders>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      metadata: { filename: file.name, filetype: file.type, ...options.metadata },
      // Read at each request, so a token renewed during a long upload is used.
      onBeforeRequest: (req) => {
        for (const [name, value] of Object.entries(authHeaders())) req.setHeader(name, value);
      },
      fingerprint: () => Promise.resolve(print),
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => options.onProgress?.(sent, total),
      onSuccess: ({ lastResponse }) => resolve(headersOf(lastResponse)),
      onError: reject,
    });
    options.signal?.addEventListener('abort', () => {
      void upload.abort();
      reject(new DOMException('Upload aborted', 'AbortError'));
    });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        upload.start();
      })
      .catch(reject);
  });
}

/** Why an upload failed, for "File Upload Failed: …": the HTTP status when there was an answer at all. */
export function uploadFailureReason(error: unknown): string {
  const response = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse;
  return response ? String(response.getStatus()) : (error as Error).message;
}
