import { useState } from 'react';

/**
 * A video title that turns into a text field on click; Enter or leaving the field saves, Escape cancels
 * (SPEC §2 Edit lecture "click-to-rename").
 */
export function VideoTitleEditor({
  title,
  disabled,
  onSave,
}: {
  title: string;
  disabled: boolean;
  onSave(title: string): Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const [saving, setSaving] = useState(false);

  async function save() {
    // Enter saves and closes the field; the blur that may follow must not save a second time.
    if (saving || !editing) return;
    const next = draft.trim();
    if (!next || next === title) return setEditing(false);
    setSaving(true);
    try {
      await onSave(next);
    } finally {
      setSaving(false);
      setEditing(false);
    }
  }

  if (!editing) {
    return (
      <button
        type="button"
        className="link-button"
        disabled={disabled}
        aria-label={`Rename ${title}`}
        onClick={() => {
          setDraft(title);
          setEditing(true);
        }}
      >
        {title}
      </button>
    );
  }
  return (
    <input
      aria-label={`New title for ${title}`}
      value={draft}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the user just asked to edit this very field
      autoFocus
      disabled={saving}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void save();
        } else if (event.key === 'Escape') {
          setEditing(false);
        }
      }}
    />
  );
}
