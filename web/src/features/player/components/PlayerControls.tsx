import { SKIP_SECONDS } from '@lectern/shared';
import { useId } from 'react';
import { RATE_OPTIONS } from '../utils/playback';

// The visible text starts the accessible name, so voice-control users can say what they see.
const skipText = (seconds: number) => (seconds < 0 ? `−${-seconds} s` : `+${seconds} s`);
const skipName = (seconds: number) =>
  `${skipText(seconds)}: ${seconds < 0 ? `Back ${-seconds}` : `Forward ${seconds}`} seconds`;

/** Skip buttons −25, −10, +10, +25 s, the speed, 0.5–2 in 0.1 steps (SPEC §9), and the list of keys. */
export function PlayerControls({
  rate,
  onRate,
  onSkip,
  onHelp,
}: {
  rate: number;
  onRate(rate: number): void;
  onSkip(seconds: number): void;
  onHelp(): void;
}) {
  const speedId = useId();
  return (
    <div className="row player-controls" role="group" aria-label="Playback controls">
      {SKIP_SECONDS.map((s) => (
        <button
          key={s}
          type="button"
          className="secondary"
          aria-label={skipName(s)}
          onClick={() => onSkip(s)}
        >
          {skipText(s)}
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
      <button type="button" className="secondary" aria-keyshortcuts="?" onClick={onHelp}>
        Keyboard shortcuts
      </button>
    </div>
  );
}
