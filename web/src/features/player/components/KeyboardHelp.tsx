import { useRef } from 'react';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { PLAYER_KEYS } from '../utils/player-keys';

/**
 * The list of player keys in a modal dialog. Escape or Close shuts it, and focus goes back to whatever had
 * it before (the button, or the page where `?` was pressed).
 */
export function KeyboardHelp({ onClose }: { onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useModalDialog(dialog);

  return (
    <dialog
      ref={dialog}
      className="keyboard-help"
      aria-labelledby="keyboard-help-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id="keyboard-help-title">Keyboard shortcuts</h2>
      <table>
        <caption className="hint">
          The keys work anywhere on the page, except while typing in a field.
        </caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {PLAYER_KEYS.map((k) => (
            <tr key={k.keys}>
              <th scope="row">
                <kbd>{k.keys}</kbd>
              </th>
              <td>{k.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
