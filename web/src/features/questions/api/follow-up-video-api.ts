import { UPLOAD_KINDS } from '@lectern/shared';
import { useTusUpload } from '../../../lib/uploads';
import { useWrite } from '../../../lib/use-write';
import { refresh } from './follow-ups-api';

// Apart from follow-ups-api.ts, which the watch page loads: only the respond page uploads.

/**
 * The instructor's answer video to a follow-up (issue 24), through the resumable uploader as a question's
 * answer video is (kind followUpAnswer); the list shows it once the media pipeline has made it ready.
 */
export function useUploadFollowUpAnswer() {
  const { upload, progress } = useTusUpload();
  const mutation = useWrite(
    ({ file, followUpId, title }: { file: File; questionId: string; followUpId: string; title: string }) =>
      upload(file, { metadata: { kind: UPLOAD_KINDS.followUpAnswer, followUpID: followUpId, title } }),
    refresh,
  );
  return { ...mutation, progress };
}
