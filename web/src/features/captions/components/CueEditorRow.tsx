import type { Cue } from '@lectern/shared';
import { type KeyboardEvent, memo, useId } from 'react';
import { mergeWithNext, nudge, splitCue, updateCue } from '../utils/cue-edits';
import { CueTimeField } from './CueTimeField';

export type CueEdit = (edit: (cues: Cue[]) => Cue[]) => void;
const STEP = 0.1;

/** Whether the caret sits on the first (or last) line of a text box: ↑ (or ↓) then leaves for the next cue. */
function caretAtEdge(box: HTMLTextAreaElement, key: 'ArrowUp' | 'ArrowDown'): boolean {
  const { value, selectionStart, selectionEnd } = box;
  return key === 'ArrowUp'
    ? value.lastIndexOf('\n', selectionStart - 1) === -1
    : value.indexOf('\n', selectionEnd) === -1;
}

/**
 * One cue in the compact editor, one line high: its number, its times (typed, nudged by the ± buttons or
 * by ↑/↓), its text, and jump, split and merge. In the text, ↑ on the first line and ↓ on the last move to
 * the neighbouring cue (`onMove`), and Ctrl+Enter plays from the cue.
 */
export const CueEditorRow = memo(function CueEditorRow({
  cue,
  index,
  count,
  active,
  edit,
  onJump,
  onMove,
}: {
  cue: Cue;
  index: number;
  count: number;
  active: boolean;
  edit: CueEdit;
  onJump(seconds: number): void;
  onMove(index: number): void;
}) {
  const textId = useId();
  const n = index + 1;
  const timeField = (edge: 'start' | 'end', name: string) => (
    <span className="cue-time-group">
      <CueTimeField
        label={`${name} of cue ${n}`}
        value={cue[edge]}
        onChange={(at) => edit((c) => updateCue(c, index, { [edge]: at }))}
        onStep={(direction) => edit((c) => nudge(c, index, edge, direction * STEP))}
      />
      <button
        type="button"
        className="secondary cue-nudge"
        aria-label={`${name} of cue ${n} 0.1 s earlier`}
        title="0.1 s earlier"
        onClick={() => edit((c) => nudge(c, index, edge, -STEP))}
      >
        −
      </button>
      <button
        type="button"
        className="secondary cue-nudge"
        aria-label={`${name} of cue ${n} 0.1 s later`}
        title="0.1 s later"
        onClick={() => edit((c) => nudge(c, index, edge, STEP))}
      >
        +
      </button>
    </span>
  );
  const onTextKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onJump(cue.start);
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && caretAtEdge(e.currentTarget, e.key)) {
      const next = index + (e.key === 'ArrowUp' ? -1 : 1);
      if (next < 0 || next >= count) return;
      e.preventDefault();
      onMove(next);
    }
  };
  return (
    <li
      className="cue-editor-row"
      data-cue={index}
      aria-current={active || undefined}
      aria-label={`Cue ${n}`}
      aria-posinset={n}
      aria-setsize={count}
    >
      <span className="cue-number" aria-hidden="true">
        {n}
      </span>
      {timeField('start', 'Start')}
      {timeField('end', 'End')}
      <label htmlFor={textId} className="visually-hidden">
        Text of cue {n}
      </label>
      <textarea
        id={textId}
        className="cue-text"
        rows={1}
        value={cue.text}
        aria-keyshortcuts="ArrowUp ArrowDown Control+Enter"
        onKeyDown={onTextKey}
        onChange={(e) => edit((c) => updateCue(c, index, { text: e.target.value }))}
      />
      <span className="cue-actions">
        <button
          type="button"
          className="secondary"
          aria-label={`Jump to cue ${n}`}
          title="Play from here (Ctrl+Enter)"
          onClick={() => onJump(cue.start)}
        >
          ▶
        </button>
        <button
          type="button"
          className="secondary"
          aria-label={`Split cue ${n}`}
          title="Split in two"
          onClick={() => edit((c) => splitCue(c, index))}
        >
          ✂
        </button>
        {index < count - 1 && (
          <button
            type="button"
            className="secondary"
            aria-label={`Merge cue ${n} with the next`}
            title="Merge with the next"
            onClick={() => edit((c) => mergeWithNext(c, index))}
          >
            ⤓
          </button>
        )}
      </span>
    </li>
  );
});
