import { useId } from 'react';
import type { RateSample } from '../../lib/uploads/upload-rate';
import { formatSpeed, formatTimeLeft, uploadRate } from '../../lib/uploads/upload-rate';

/**
 * A labelled progress bar for one file upload; `fraction` is 0..1. Given the first and latest progress
 * reports it also says how fast and how long is left, and with `onCancel` it offers to stop.
 */
export function UploadProgress({
  fileName,
  fraction,
  first = null,
  latest = null,
  totalBytes = 0,
  onCancel,
}: {
  fileName: string;
  fraction: number;
  first?: RateSample | null;
  latest?: RateSample | null;
  totalBytes?: number;
  onCancel?(): void;
}) {
  const id = useId();
  const percent = Math.round(fraction * 100);
  const { bytesPerSecond, secondsLeft } =
    first && latest ? uploadRate(first, latest, totalBytes) : { bytesPerSecond: null, secondsLeft: null };
  return (
    <div className="upload-progress">
      <label htmlFor={id}>
        Uploading {fileName}: {percent}%
      </label>
      <progress id={id} max={100} value={percent}>
        {percent}%
      </progress>
      <div className="row">
        {bytesPerSecond !== null && secondsLeft !== null && (
          <span className="hint">
            {formatSpeed(bytesPerSecond)} · {formatTimeLeft(secondsLeft)}
          </span>
        )}
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel upload
          </button>
        )}
      </div>
    </div>
  );
}
