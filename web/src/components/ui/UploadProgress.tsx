import { useId } from 'react';

/** A labelled progress bar for one file upload; `fraction` is 0..1. */
export function UploadProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const id = useId();
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress">
      <label htmlFor={id}>
        Uploading {fileName}: {percent}%
      </label>
      <progress id={id} max={100} value={percent}>
        {percent}%
      </progress>
    </div>
  );
}
