import type { Cue } from '@lectern/shared';
import { memo, useId } from 'react';
import { mergeWithNext, nudge, splitCue, updateCue } from '../utils/cue-edits';
import { CueTimeField } from './CueTimeField';

export type CueEdit = (edit: (cues: Cue[]) => Cue[]) => void;
const STEP = 0.1;

/** One cue in the editor: its times (typed or nudged by 0.1 s), its text, and jump, split and merge. */
export const CueEditorRow = memo(function CueEditorRow({
  cue,
  index,
  isLast,
  active,
  edit,
  onJump,
}: {
  cue: Cue;
  index: number;
  isLast: boolean;
  active: boolean;
  edit: CueEdit;
  onJump(seconds: number): void;
}) {
  const textId = useId();
  const n = index + 1;
  const nudgeButtons = (edge: 'start' | 'end', name: string) => (
    <>
      <button
        type="button"
        className="secondary"
        aria-label={`${name} of cue ${n} 0.1 s earlier`}
        onClick={() => edit((c) => nudge(c, index, edge, -STEP))}
      >
        −0.1 s
      </button>
      <button
        type="button"
        className="secondary"
        aria-label={`${name} of cue ${n} 0.1 s later`}
        onClick={() => edit((c) => nudge(c, index, edge, STEP))}
      >
        +0.1 s
      </button>
    </>
  );
  return (
    <li className="cue-editor-row" aria-current={active || undefined} aria-label={`Cue ${n}`}>
      <div className="row">
        <CueTimeField
          label={`Start of cue ${n}`}
          value={cue.start}
          onChange={(start) => edit((c) => updateCue(c, index, { start }))}
        />
        {nudgeButtons('start', 'Start')}
      </div>
      <div className="row">
        <CueTimeField
          label={`End of cue ${n}`}
          value={cue.end}
          onChange={(end) => edit((c) => updateCue(c, index, { end }))}
        />
        {nudgeButtons('end', 'End')}
      </div>
      <label htmlFor={textId}>Text of cue {n}</label>
      <textarea
        id={textId}
        rows={2}
        value={cue.text}
        onChange={(e) => edit((c) => updateCue(c, index, { text: e.target.value }))}
      />
      <div className="row">
        <button type="button" className="secondary" onClick={() => onJump(cue.start)}>
          Jump to cue {n}
        </button>
        <button type="button" className="secondary" onClick={() => edit((c) => splitCue(c, index))}>
          Split cue {n}
        </button>
        {!isLast && (
          <button type="button" className="secondary" onClick={() => edit((c) => mergeWithNext(c, index))}>
            Merge cue {n} with the next
          </button>
        )}
      </div>
    </li>
  );
});
