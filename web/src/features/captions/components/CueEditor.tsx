import { type CaptionOwner, type Cue, validateCues } from '@lectern/shared';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { FormAlert } from '../../../components/ui/FormAlert';
import { errorMessage } from '../../../lib/api-client';
import { useSaveCaptionVersion } from '../api/caption-mutations';
import { useCaptionCues } from '../api/captions-api';
import { useRowWindow } from '../hooks/useRowWindow';
import { activeCueIndex } from '../utils/active-cue';
import { scrollTopFor } from '../utils/row-window';
import { type CueEdit, CueEditorRow } from './CueEditorRow';
import '../captions.css';

interface EditorProps {
  owner: CaptionOwner;
  ownerId: string;
  language: string;
  currentTime: number;
  onJump(seconds: number): void;
}

/**
 * The cue list of one track, editable beside the player, one compact row per cue; saving makes the track's
 * next version. Only the rows in view are rendered (an hour of captions is about 1,000 cues), and the
 * spoken cue is marked and kept in view while "Follow playback" is on.
 */
export function CueEditor(props: EditorProps) {
  const loaded = useCaptionCues(props.owner, props.ownerId, props.language);
  if (loaded.isPending) return <p role="status">Loading captions…</p>;
  if (loaded.isError)
    return <FormAlert message={errorMessage(loaded.error, 'The captions could not be loaded.')} />;
  const { track, cues } = loaded.data;
  // A new version (saved here or uploaded) starts a fresh draft.
  return (
    <CueDraft key={`${track.language}-${track.version}`} {...props} initial={cues} label={track.label} />
  );
}

function CueDraft({
  owner,
  ownerId,
  language,
  currentTime,
  onJump,
  initial,
  label,
}: EditorProps & { initial: Cue[]; label: string }) {
  const [cues, setCues] = useState<Cue[]>(() =>
    initial.map(({ start, end, text }) => ({ start, end, text })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [follow, setFollow] = useState(true);
  const followId = useId();
  const keysId = useId();
  const edit: CueEdit = useCallback((change) => setCues(change), []);
  const save = useSaveCaptionVersion(owner, ownerId, language);
  const active = activeCueIndex(cues, currentTime);
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useRowWindow(scroller, cues.length, '.cue-editor-row');
  const { rowHeight } = rows;
  // A cue to focus once its row is rendered (after ↑/↓ from a neighbour).
  const [focusNext, setFocusNext] = useState<number | null>(null);

  // The spoken cue stays in view, unless the editor is typing in the list: its row must not scroll away.
  // (Scrolling renders the rows there: the scroller's scroll event moves the window.)
  useEffect(() => {
    const box = scroller.current;
    if (!follow || active < 0 || !box || box.contains(document.activeElement)) return;
    box.scrollTop = scrollTopFor(active, rowHeight, box.clientHeight);
  }, [active, follow, rowHeight]);

  useEffect(() => {
    const box = scroller.current;
    if (focusNext === null || !box) return;
    const text = box.querySelector<HTMLElement>(`[data-cue="${focusNext}"] .cue-text`);
    // Not rendered yet: scroll there, and this runs again once the rows there are.
    if (!text) return void (box.scrollTop = scrollTopFor(focusNext, rowHeight, box.clientHeight));
    text.focus();
    setFocusNext(null);
  }, [focusNext, rows.first, rows.end, rowHeight]);
  const move = useCallback((index: number) => setFocusNext(index), []);

  return (
    <section aria-label={`Edit ${label} captions`} className="cue-editor">
      <h2>Edit {label} captions</h2>
      <div className="row cue-editor-tools">
        <span>
          <input
            id={followId}
            type="checkbox"
            checked={follow}
            onChange={(e) => setFollow(e.target.checked)}
          />{' '}
          <label htmlFor={followId}>Follow playback</label>
        </span>
        <span className="hint">{cues.length} cues</span>
      </div>
      <p id={keysId} className="hint">
        In a text, ↑ and ↓ go to the cue above and below, Ctrl+Enter plays from its start; in a time, ↑ and ↓
        move it by 0.1 s.
      </p>
      <div ref={scroller} className="cue-editor-scroller" onScroll={rows.onScroll} aria-describedby={keysId}>
        <ol
          className="cue-editor-list"
          // Rows above and below the window are space, not elements: the page stays light at 1,000 cues.
          style={{ paddingTop: rows.first * rowHeight, height: cues.length * rowHeight }}
        >
          {cues.slice(rows.first, rows.end).map((cue, offset) => {
            const i = rows.first + offset;
            return (
              <CueEditorRow
                key={i}
                cue={cue}
                index={i}
                count={cues.length}
                active={i === active}
                edit={edit}
                onJump={onJump}
                onMove={move}
              />
            );
          })}
        </ol>
      </div>
      <FormAlert message={problem} />
      <button
        type="button"
        disabled={save.isPending}
        onClick={() => {
          const found = validateCues(
            cues.map((cue, i) => ({ cue, line: i + 1, where: `Cue ${i + 1}` })),
            null,
          );
          setProblem(found?.message ?? null);
          // The saved version remounts this draft (its key), so the outcome is read from the promise.
          if (!found)
            save.mutateAsync(cues).then(
              (saved) => toast.success(`Saved ${saved.label} as version ${saved.version}`),
              (error: unknown) => setProblem(errorMessage(error, 'The captions could not be saved.')),
            );
        }}
      >
        {save.isPending ? 'Saving…' : 'Save as new version'}
      </button>
    </section>
  );
}
