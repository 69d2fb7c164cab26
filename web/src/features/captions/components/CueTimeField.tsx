import { formatCueTime, parseCueTime } from '@lectern/shared';
import { useId, useState } from 'react';

/**
 * A cue time as hh:mm:ss.mmm; a typed value counts once it parses (on blur), else it is marked invalid.
 * ↑ and ↓ move it by one step (`onStep(+1)` / `onStep(-1)`) while nothing is being typed.
 */
export function CueTimeField({
  label,
  value,
  onChange,
  onStep,
}: {
  label: string;
  value: number;
  onChange(s: number): void;
  onStep(direction: 1 | -1): void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const invalid = draft !== null && parseCueTime(draft) === null;
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="cue-time"
        value={draft ?? formatCueTime(value)}
        aria-invalid={invalid || undefined}
        aria-keyshortcuts="ArrowUp ArrowDown"
        title={`${label} (hh:mm:ss.mmm; ↑ and ↓ move it by 0.1 s)`}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (draft !== null || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
          e.preventDefault();
          onStep(e.key === 'ArrowUp' ? 1 : -1);
        }}
        onBlur={() => {
          const parsed = draft === null ? null : parseCueTime(draft);
          if (parsed !== null) onChange(parsed);
          if (!invalid) setDraft(null);
        }}
      />
    </>
  );
}
