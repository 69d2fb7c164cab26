import {
  DELAYS_MS,
  ERRORS,
  type QuestionDto,
  SUCCESS,
  UpdateQuestionBody,
  formatVideoTime,
} from '@lectern/shared';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { FormStatus, NOTHING_CHANGED } from '../../../components/ui/FormStatus';
import { VIDEO_TIME_HINT, parseVideoTime } from '../../../lib/video-time';
import { useEditQuestion } from '../api/question-mutations';

/**
 * Edit question (SPEC §2): text, time asked as m:ss, Delete Response; back one page after 1 s. Topic and
 * Level are "currently unused" (SPEC §2), so they are not shown and keep their stored values.
 */
export function EditQuestionForm({ question }: { question: QuestionDto }) {
  const save = useEditQuestion();
  const navigate = useNavigate();
  const shownTime = formatVideoTime(question.timeAsked);
  const [text, setText] = useState(question.question);
  const [timeAsked, setTimeAsked] = useState(shownTime);
  const [deleteResponse, setDeleteResponse] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    // An untouched time keeps the stored seconds (53.622723), not the whole seconds m:ss shows.
    const seconds = timeAsked.trim() === shownTime ? question.timeAsked : parseVideoTime(timeAsked);
    if (seconds === null) return setError(VIDEO_TIME_HINT);
    const parsed = UpdateQuestionBody.safeParse({
      question: text,
      topic: question.topic,
      level: question.level,
      timeAsked: seconds,
      deleteResponse,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ERRORS.updateQuestionFailed);
      return;
    }
    setError('');
    const unchanged =
      parsed.data.question === question.question && seconds === question.timeAsked && !deleteResponse;
    if (unchanged) return setStatus(NOTHING_CHANGED);
    setSaving(true);
    try {
      await save.mutateAsync({ id: question.id, body: parsed.data });
      toast.success(SUCCESS.questionUpdated);
      window.setTimeout(() => void navigate(-1), DELAYS_MS.closeAfterSave);
    } catch {
      toast.success(ERRORS.updateQuestionFailed); // SPEC §8: a success-styled toast, as specified
      setSaving(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      {/* The textarea sits beside its label: text inside a label would become part of the label's name. */}
      <label htmlFor={`${id}-question`}>Question</label>
      <textarea id={`${id}-question`} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      <label htmlFor={`${id}-time`}>Time Asked (m:ss)</label>
      <input
        id={`${id}-time`}
        inputMode="decimal"
        autoComplete="off"
        aria-describedby={`${id}-time-hint`}
        aria-invalid={error === VIDEO_TIME_HINT || undefined}
        value={timeAsked}
        onChange={(e) => setTimeAsked(e.target.value)}
      />
      <span id={`${id}-time-hint`} className="hint">
        Minutes and seconds into the video, for example 0:42.
      </span>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={deleteResponse}
          onChange={(e) => setDeleteResponse(e.target.checked)}
        />
        Delete Response <span className="hint">(the question goes back to needing a new response)</span>
      </label>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <FormStatus message={status} />
      <button type="submit" disabled={saving}>
        Save Changes
      </button>
    </form>
  );
}
