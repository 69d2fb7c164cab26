import { formatBytes } from '@lectern/shared';
import { useStorageUse } from '../api/uploads';

/**
 * "Storage: 1.2 GB of 50.0 GB used" on the upload page, and the server's warning when it converts videos
 * with its old bundled ffmpeg; nothing while loading or if it failed.
 */
export function StorageUseNote() {
  const { data } = useStorageUse();
  if (!data) return null;
  return (
    <>
      <p>
        Storage: {formatBytes(data.usedBytes)} of {formatBytes(data.quotaBytes)} used
      </p>
      {data.processingWarning && <p role="note">{data.processingWarning}</p>}
    </>
  );
}
