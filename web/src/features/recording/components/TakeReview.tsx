import { VALIDATION } from '@lectern/shared';
import { type ReactNode, useId, useState } from 'react';
import type { Take } from '../recorder-machine';

/**
 * Playback of the finished take, then use it (upload or queue: `finishLabel`), re-take it or discard it.
 * With `askTitle` the take needs a title first (a queued lecture video has one).
 */
export function TakeReview({
  take,
  uploading,
  busy,
  finishLabel,
  askTitle,
  progress,
  onUse,
  onRetake,
  onDiscard,
  primaryRef,
}: {
  take: Take;
  uploading: boolean;
  busy: boolean;
  finishLabel: string;
  askTitle: boolean;
  progress: ReactNode;
  onUse(title: string): void;
  onRetake(): void;
  onDiscard(): void;
  primaryRef: React.Ref<HTMLButtonElement>;
}) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const use = () => {
    if (askTitle && !title.trim()) return setError(VALIDATION.titleRequired);
    setError('');
    onUse(title.trim());
  };
  return (
    <div className="recorder-review">
      <video
        className="recorder-stage"
        src={take.url}
        controls
        playsInline
        aria-label="Playback of your recording"
      >
        <track kind="captions" />
      </video>
      {askTitle && (
        <label htmlFor={id}>
          Video title
          <input
            id={id}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            aria-invalid={error !== ''}
            aria-describedby={error ? `${id}-error` : undefined}
            disabled={uploading}
          />
        </label>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="error-text">
          {error}
        </p>
      )}
      {uploading && progress}
      <div className="recorder-controls">
        <button type="button" ref={primaryRef} onClick={use} disabled={uploading || busy}>
          {finishLabel}
        </button>
        <button type="button" className="secondary" onClick={onRetake} disabled={uploading}>
          Re-take
        </button>
        <button type="button" className="secondary" onClick={onDiscard} disabled={uploading}>
          Discard recording
        </button>
      </div>
    </div>
  );
}
