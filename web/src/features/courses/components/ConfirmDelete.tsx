import { useState } from 'react';

/**
 * The spec's delete pattern (SPEC §5): tick a box, press the button, confirm the browser dialog.
 * Used for courses and lectures.
 */
export function ConfirmDelete({
  checkboxLabel,
  buttonLabel,
  confirmText,
  onDelete,
}: {
  checkboxLabel: string;
  buttonLabel: string;
  confirmText: string;
  onDelete(): Promise<void>;
}) {
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!window.confirm(confirmText)) return;
    setBusy(true);
    try {
      await onDelete();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="form">
      <label className="checkbox">
        <input type="checkbox" checked={ticked} onChange={(event) => setTicked(event.target.checked)} />
        {checkboxLabel}
      </label>
      <button type="button" className="danger" disabled={!ticked || busy} onClick={() => void remove()}>
        {buttonLabel}
      </button>
    </div>
  );
}
