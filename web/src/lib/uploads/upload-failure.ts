// Apart from tus-upload.ts so that pages can word a failure without loading tus-js-client (issue 11 #14).

/** Why an upload failed, for "File Upload Failed: …": the HTTP status when there was an answer at all. */
export function uploadFailureReason(error: unknown): string {
  const response = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse;
  return response ? String(response.getStatus()) : (error as Error).message;
}
