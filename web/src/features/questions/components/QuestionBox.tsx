import { ERRORS, MIN_QUESTION_LENGTH, SUCCESS, VALIDATION } from '@lectern/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { type UsageContext, logUsage } from '../../../lib/usage-log';
import { QUESTIONS_KEY, postQuestion } from '../api/questions-api';
import '../questions.css';

/**
 * The question box of the video page (SPEC §2, §5): at least 11 characters, sent with the current video
 * time and whether the lecture is live. On a server error the typed text stays so nothing is lost.
 */
export function QuestionBox({
  videoId,
  lectureId,
  userId,
  live,
  currentTime,
  logContext,
}: {
  videoId: string;
  lectureId: string | undefined;
  userId: string;
  live: boolean;
  currentTime(): number;
  logContext: UsageContext;
}) {
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const question = text.trim();
    if (question.length < MIN_QUESTION_LENGTH) {
      setError(VALIDATION.questionTooShort);
      return;
    }
    setError('');
    setSending(true);
    const time = currentTime();
    try {
      const created = await postQuestion({ question, videoId, time, userID: userId, live, lectureId });
      toast.success(SUCCESS.questionSubmitted(question));
      setText('');
      logUsage(live ? 'discussionQuestionSubmit' : 'delayedQuestionSubmit', {
        ...logContext,
        questionID: created.id,
        videoTime: time,
      });
      void queryClient.invalidateQueries({ queryKey: QUESTIONS_KEY });
    } catch {
      toast.error(ERRORS.questionNotSubmitted);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="form question-box" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={fieldId}>Ask a question about this moment of the video</label>
      <textarea
        id={fieldId}
        rows={3}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p id={`${fieldId}-error`} className="error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={sending}>
        {live ? 'Ask during the live discussion' : 'Submit question'}
      </button>
    </form>
  );
}
