import { type CaptionOwner, type Cue, validateCues } from '@lectern/shared';
import { useCallback, useState } from 'react';
import { toast } from '../../../lib/toast';
import { FormAlert } from '../../../components/ui/FormAlert';
import { errorMessage } from '../../../lib/api-client';
import { useSaveCaptionVersion } from '../api/caption-mutations';
import { useCaptionCues } from '../api/captions-api';
import { activeCueIndex } from '../utils/active-cue';
import { type CueEdit, CueEditorRow } from './CueEditorRow';

interface EditorProps {
  owner: CaptionOwner;
  ownerId: string;
  language: string;
  currentTime: number;
  onJump(seconds: number): void;
}

/** The cue list of one track, editable beside the player; saving makes the track's next version. */
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
  const edit: CueEdit = useCallback((change) => setCues(change), []);
  const save = useSaveCaptionVersion(owner, ownerId, language);
  const active = activeCueIndex(cues, currentTime);

  return (
    <section aria-label={`Edit ${label} captions`}>
      <h2>Edit {label} captions</h2>
      <ol className="cue-editor-list">
        {cues.map((cue, i) => (
          <CueEditorRow
            key={i}
            cue={cue}
            index={i}
            isLast={i === cues.length - 1}
            active={i === active}
            edit={edit}
            onJump={onJump}
          />
        ))}
      </ol>
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
