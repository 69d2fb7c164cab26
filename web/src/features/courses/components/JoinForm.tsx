import { DELAYS_MS, ERRORS, SUCCESS, VALIDATION } from '@lectern/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { useJoin } from '../api/course-mutations';
import type { JoinOutcome } from '../api/join';
import { FormAlert } from '../../../components/ui/FormAlert';
import { TextField } from '../../../components/ui/TextField';

const videoPath = (lectureId: string, firstVideoId: string | null) =>
  firstVideoId ? `/video/${firstVideoId}?lectureId=${lectureId}` : `/lecture/${lectureId}`;

/** What to say and where to go for each answer (SPEC §8 Join); no target means stay on the page. */
function reaction(outcome: JoinOutcome): { show(): void; target?: string } {
  switch (outcome.kind) {
    case 'courseJoined':
      return { show: () => toast.success(SUCCESS.courseJoined), target: `/courses/${outcome.courseId}` };
    case 'alreadyInCourse':
      return { show: () => toast.info(ERRORS.alreadyEnrolled), target: `/courses/${outcome.courseId}` };
    case 'lectureJoined':
      return {
        show: () => toast.success(SUCCESS.lectureJoined),
        target: videoPath(outcome.lectureId, outcome.firstVideoId),
      };
    case 'alreadyInLecture':
      return {
        show: () => toast.info(ERRORS.alreadyJoinedLecture),
        target: videoPath(outcome.lectureId, outcome.firstVideoId),
      };
    case 'ownCourse':
      return { show: () => toast.error(VALIDATION.cantJoinOwnCourse) };
    case 'lectureNavigateFailed':
      return { show: () => toast.error(ERRORS.lectureNavigateFailed) };
    case 'notFound':
      return { show: () => toast.error(ERRORS.courseDoesNotExist) };
    case 'failed':
      return { show: () => toast.error(outcome.message) };
  }
}

/** One field for a course or lecture id; with `initialCode` (a join link) the join starts by itself. */
export function JoinForm({ userId, initialCode }: { userId: string; initialCode?: string }) {
  const navigate = useNavigate();
  const joinMutation = useJoin();
  const [code, setCode] = useState(initialCode ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const autoJoined = useRef(false);

  async function join(value: string) {
    const trimmed = value.trim();
    if (!trimmed) return setError(VALIDATION.pasteId);
    setError('');
    setBusy(true);
    const { show, target } = reaction(await joinMutation.mutateAsync({ code: trimmed, userId }));
    show();
    if (!target) return setBusy(false);
    setTimeout(() => void navigate(target), DELAYS_MS.redirectAfterJoin);
  }

  useEffect(() => {
    // Once only, also under StrictMode's double effects: a second join would report "Already enrolled".
    if (!initialCode || autoJoined.current) return;
    autoJoined.current = true;
    void join(initialCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs for the link's code, not on every render
  }, [initialCode]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void join(code);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label="Course or Lecture ID" value={code} onValue={setCode} autoComplete="off" />
      <p className="hint">Your instructor gives you this ID, or a link that joins for you.</p>
      <FormAlert message={error} />
      <button type="submit" disabled={busy}>
        Join
      </button>
    </form>
  );
}
