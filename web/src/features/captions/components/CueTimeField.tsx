import { formatCueTime, parseCueTime } from '@lectern/shared';
import { useId, useState } from 'react';

/** A cue time as hh:mm:ss.mmm; a typed value counts once it parses (on blur), else it is marked invalid. */
export function CueTimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange(s: number): void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const invalid = draft !== null && parseCueTime(draft) === null;
  return (
    <span className="row">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={draft ?? formatCueTime(value)}
        aria-invalid={invalid || undefined}
        title="hh:mm:ss.mmm"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          const parsed = draft === null ? null : parseCueTime(draft);
          if (parsed !== null) onChange(parsed);
          if (!invalid) setDraft(null);
        }}
      />
    </span>
  );
}
