import { DELAYS_MS, ERRORS, LEVELS, type QuestionDto, SUCCESS, UpdateQuestionBody } from '@lectern/shared';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useEditQuestion } from '../api/question-mutations';

/** Edit question (SPEC §2): text, topic, level, time asked, Delete Response; back one page after 1 s. */
export function EditQuestionForm({ question }: { question: QuestionDto }) {
  const save = useEditQuestion();
  const navigate = useNavigate();
  const [text, setText] = useState(question.question);
  const [topic, setTopic] = useState(question.topic);
  const [level, setLevel] = useState(question.level);
  const [timeAsked, setTimeAsked] = useState(String(question.timeAsked));
  const [deleteResponse, setDeleteResponse] = useState(false);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateQuestionBody.safeParse({
      question: text,
      topic,
      level,
      timeAsked: Number(timeAsked),
      deleteResponse,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ERRORS.updateQuestionFailed);
      return;
    }
    setError('');
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
      <label>
        Topic <span className="hint">(currently unused)</span>
        <input value={topic} onChange={(e) => setTopic(e.target.value)} />
      </label>
      <label>
        Level <span className="hint">(currently unused)</span>
        <select value={level} onChange={(e) => setLevel(Number(e.target.value))}>
          {LEVELS.map((l) => (
            <option key={l.value} value={l.value}>{`${l.value} ${l.label}`}</option>
          ))}
        </select>
      </label>
      <label>
        Time Asked (seconds)
        <input
          type="number"
          min={0}
          step="any"
          value={timeAsked}
          onChange={(e) => setTimeAsked(e.target.value)}
        />
      </label>
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
      <button type="submit" disabled={saving}>
        Save Changes
      </button>
    </form>
  );
}
