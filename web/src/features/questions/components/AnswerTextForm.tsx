import { MAX_ANSWER_TEXT, type QuestionDto } from '@lectern/shared';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useWriteAnswerText } from '../api/answer-text-mutations';
import { OutcomeLine } from '../../../components/ui/OutcomeLine';

/**
 * The instructor answers in words, or edits that answer (issue 24): Markdown with $maths$, $$display
 * maths$$ and fenced code. A question answered by video gets the text beside its video.
 */
export function AnswerTextForm({ question, onAnswered }: { question: QuestionDto; onAnswered(): void }) {
  const fieldId = useId();
  const helpId = useId();
  const existing = question.answerText?.markdown;
  const [text, setText] = useState(existing ?? '');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const write = useWriteAnswerText();
  const editing = existing !== undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setOutcome({ ok: false, message: 'Write the answer' });
      return;
    }
    setOutcome(null);
    try {
      await write.mutateAsync({ questionId: question.id, text });
      setOutcome({ ok: true, message: editing ? 'Text answer saved' : 'Text answer sent' });
      if (!question.response) onAnswered();
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'The answer could not be sent') });
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={fieldId}>{editing ? 'Text answer (edit)' : 'Text answer'}</label>
      <p id={helpId} className="hint">
        Markdown: **bold**, lists, links; maths between $ signs ($x^2$) or $$ for a display; code between ```
        lines. At most {MAX_ANSWER_TEXT.toLocaleString()} characters.
      </p>
      <textarea
        id={fieldId}
        aria-describedby={helpId}
        rows={8}
        maxLength={MAX_ANSWER_TEXT}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={write.isPending}
      />
      <button type="submit" disabled={write.isPending}>
        {editing ? 'Save text answer' : 'Send text answer'}
      </button>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}
