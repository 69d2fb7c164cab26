import { useId, useState } from 'react';
import { CAPTURE_MODES, type CaptureMode } from '../capture-plan';

/** "What to record" as radio buttons, and the button that asks for the devices and shows the preview. */
export function SourcePicker({
  onPreview,
  disabled,
  buttonRef,
}: {
  onPreview(mode: CaptureMode): void;
  disabled: boolean;
  buttonRef: React.Ref<HTMLButtonElement>;
}) {
  const name = useId();
  const [mode, setMode] = useState<CaptureMode>('camera');
  return (
    <div className="recorder-picker">
      <fieldset>
        <legend>What to record</legend>
        {CAPTURE_MODES.map((choice) => (
          <label key={choice.mode} className="checkbox">
            <input
              type="radio"
              name={name}
              value={choice.mode}
              checked={mode === choice.mode}
              onChange={() => setMode(choice.mode)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <button type="button" ref={buttonRef} onClick={() => onPreview(mode)} disabled={disabled}>
        Turn on preview
      </button>
    </div>
  );
}
