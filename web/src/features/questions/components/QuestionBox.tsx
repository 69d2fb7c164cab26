import {
  ERRORS,
  MIN_QUESTION_LENGTH,
  SUCCESS,
  SUGGEST_AFTER_CHARS,
  type SuggestionDto,
  VALIDATION,
  formatVideoTime,
} from '@lectern/shared';
import { type FormEvent, Suspense, lazy, useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { type UsageContext, logUsage } from '../../../lib/usage-log';
import { useAskQuestion } from '../api/question-mutations';
import '../questions.css';

// Loaded once a question is long enough to ask about, so the watch page's first load stays within its
// budget (scripts/first-load-budget.test.ts).
const SuggestionsForQuestion = lazy(() =>
  import('./SuggestionsForQuestion').then((m) => ({ default: m.SuggestionsForQuestion })),
);

/**
 * The question box of the video page (SPEC §2, §5): at least 11 characters, sent with the current video
 * time and whether the lecture is live. On a server error the typed text stays so nothing is lost. The
 * moment it will be pinned to (`shownTime`, following the player) is said beside the box. While typing,
 * earlier answered questions like it are suggested under the box (issue 24); playing one keeps the text.
 * "Ask anonymously to classmates" (issue 24): classmates never see an asker's name (DESIGN §5.3); the
 * course's admins see the wish beside the name.
 */
export function QuestionBox({
  videoId,
  lectureId,
  userId,
  live,
  currentTime,
  shownTime,
  logContext,
  onAskedLive,
  onPlaySuggestion,
}: {
  videoId: string;
  lectureId: string | undefined;
  userId: string;
  live: boolean;
  currentTime(): number;
  shownTime: number;
  logContext: UsageContext;
  /** A question asked in the live window: its asker goes to wait in its room. */
  onAskedLive?(questionId: string, question: string): Promise<void>;
  /** Plays a suggested question's answer in the response overlay. */
  onPlaySuggestion(suggestion: SuggestionDto): void;
}) {
  const ask = useAskQuestion();
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const suggesting = text.trim().length >= SUGGEST_AFTER_CHARS && !ask.isPending;

  const answered = () => {
    setText('');
    setError('');
    toast.success('Glad it was already answered: your question was not sent.');
    field.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const question = text.trim();
    if (question.length < MIN_QUESTION_LENGTH) {
      setError(VALIDATION.questionTooShort);
      return;
    }
    setError('');
    const time = currentTime();
    let created: { id: string };
    try {
      created = await ask.mutateAsync({
        question,
        videoId,
        time,
        userID: userId,
        live,
        lectureId,
        anonymous,
      });
      toast.success(SUCCESS.questionSubmitted(question));
      setText('');
      logUsage(live ? 'discussionQuestionSubmit' : 'delayedQuestionSubmit', {
        ...logContext,
        questionID: created.id,
        videoTime: time,
      });
    } catch {
      toast.error(ERRORS.questionNotSubmitted);
      return;
    }
    if (live && onAskedLive) {
      await onAskedLive(created.id, question).catch((error: unknown) =>
        toast.error(errorMessage(error, ERRORS.builtinStartFailed)),
      );
    }
    // The submit button was disabled while sending, which drops focus to the page: back to the box.
    field.current?.focus();
  };

  return (
    <form className="form question-box" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={fieldId}>Ask a question about this moment of the video</label>
      <textarea
        ref={field}
        id={fieldId}
        rows={3}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${fieldId}-moment${error ? ` ${fieldId}-error` : ''}`}
        onChange={(e) => setText(e.target.value)}
      />
      <p id={`${fieldId}-moment`} className="hint">
        {`Your question will be pinned to the video at ${formatVideoTime(shownTime)}.`}
      </p>
      {suggesting && (
        <Suspense fallback={null}>
          <SuggestionsForQuestion
            videoId={videoId}
            lectureId={lectureId}
            text={text}
            currentTime={currentTime}
            onPlay={onPlaySuggestion}
            onAnswered={answered}
          />
        </Suspense>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
        Ask anonymously to classmates
      </label>
      {error && (
        <p id={`${fieldId}-error`} className="error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={ask.isPending}>
        {live ? 'Ask during the live discussion' : 'Submit question'}
      </button>
    </form>
  );
}
