import { SKIP_SECONDS } from '@lectern/shared';
import { useId } from 'react';
import { RATE_OPTIONS } from '../utils/playback';

const skipLabel = (seconds: number) =>
  seconds < 0 ? `Back ${-seconds} seconds` : `Forward ${seconds} seconds`;

/** Speed (0.5–2 in 0.1 steps) and skip buttons −25, −10, +10, +25 s (SPEC §9). */
export function PlayerControls({
  rate,
  onRate,
  onSkip,
}: {
  rate: number;
  onRate(rate: number): void;
  onSkip(seconds: number): void;
}) {
  const speedId = useId();
  return (
    <div className="row player-controls" role="group" aria-label="Playback controls">
      {SKIP_SECONDS.filter((s) => s < 0).map((s) => (
        <button
          key={s}
          type="button"
          className="secondary"
          aria-label={skipLabel(s)}
          onClick={() => onSkip(s)}
        >
          {`−${-s} s`}
        </button>
      ))}
      {SKIP_SECONDS.filter((s) => s > 0).map((s) => (
        <button
          key={s}
          type="button"
          className="secondary"
          aria-label={skipLabel(s)}
          onClick={() => onSkip(s)}
        >
          {`+${s} s`}
        </button>
      ))}
      <label htmlFor={speedId}>Playback speed</label>
      <select id={speedId} value={String(rate)} onChange={(e) => onRate(Number(e.target.value))}>
        {RATE_OPTIONS.map((r) => (
          <option key={r} value={String(r)}>
            {`${r.toFixed(1)}×`}
          </option>
        ))}
      </select>
    </div>
  );
}
