import { DELAYS_MS, FETCH_ERRORS, type QuestionDto, formatVideoTime } from '@lectern/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { type UsageContext, logUsage } from '../../../lib/usage-log';
import { useResponseVideo } from '../api/questions-api';
import { AnswerText } from './AnswerText';
import { FollowUps } from './FollowUps';
import { VoteArrows } from './VoteArrows';
import '../questions.css';

/** What the page may add about the answer video: its caption tracks and a transcript beside it. */
export interface ResponseCaptions {
  tracks: ReactNode;
  transcript(player: { currentTime: number; seek(seconds: number): void }): ReactNode;
}

/**
 * The response overlay (SPEC §2, §9): a modal of 70 % size whose answer video starts 100 ms after opening,
 * with vote arrows and a close button. Escape closes it too. The caller resumes the lecture on close.
 */
export function ResponseOverlay({
  question,
  userId,
  logContext,
  onClose,
  captions,
  startAt,
}: {
  question: QuestionDto;
  userId: string | undefined;
  logContext: UsageContext;
  onClose(): void;
  captions?: ResponseCaptions;
  /** Seconds into the answer to start at (a search hit in its captions). */
  startAt?: number;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [playedTo, setPlayedTo] = useState(0);
  // A transcript line asks to seek; a fresh object each time, so the same line twice seeks twice.
  const [seekTo, setSeekTo] = useState<{ at: number } | null>(null);
  useEffect(() => {
    if (seekTo && video.current) video.current.currentTime = seekTo.at;
  }, [seekTo]);
  // A text-only answer (issue 24) has no video to fetch.
  const textOnly = question.answerText?.withVideo === false;
  const response = useResponseVideo(textOnly ? '' : question.response);
  const context = { ...logContext, questionID: question.id };
  const time = () => video.current?.currentTime ?? 0;

  useModalDialog(dialog); // closing gives focus back to the card or button that opened the answer

  useEffect(() => {
    if (response.isError) toast.error(FETCH_ERRORS.loadingResponse);
  }, [response.isError]);

  // A search hit starts the answer at its moment through a media fragment: the browser itself begins
  // there, where a seek once the metadata is in could come after playback had started at 0:00.
  const fetched = response.data?.videoSource;
  const source = fetched && startAt ? `${fetched}#t=${startAt}` : fetched;
  useEffect(() => {
    if (!source) return;
    const timer = window.setTimeout(
      () => void video.current?.play().catch(() => undefined),
      DELAYS_MS.responseAutoplay,
    );
    return () => window.clearTimeout(timer);
  }, [source]);

  const close = () => {
    logUsage('videoCloseResponse', { ...context, videoTime: time() });
    onClose();
  };

  return (
    // The dialog's own close event (Escape) goes through the same path as the Close button.
    <dialog
      ref={dialog}
      className="response-overlay"
      aria-labelledby="response-overlay-title"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <h2 id="response-overlay-title">{question.question}</h2>
      <p className="hint">Asked at {formatVideoTime(question.timeAsked)}</p>
      {source ? (
        // The caption <track>s may come from the page; the rule cannot see through the expression.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          ref={video}
          src={source}
          aria-label="Response video"
          controls
          controlsList="nofullscreen"
          disablePictureInPicture
          playsInline
          onPlay={() => {
            logUsage('videoPlayResponse', { ...context, videoTime: time() });
            if (time() < 0.5) logUsage('watchVideoResponse', { ...context, videoTime: 0 });
          }}
          onPause={(e) => {
            if (!e.currentTarget.ended) logUsage('videoPauseResponse', { ...context, videoTime: time() });
          }}
          onTimeUpdate={(e) => setPlayedTo(e.currentTarget.currentTime)}
        >
          {captions?.tracks ?? <track kind="captions" />}
        </video>
      ) : (
        !textOnly && (
          <p role="status">{response.isError ? FETCH_ERRORS.couldNotLoadResponse : 'Loading response...'}</p>
        )
      )}
      {source && captions?.transcript({ currentTime: playedTo, seek: (at) => setSeekTo({ at }) })}
      {question.answerText && (
        <AnswerText answer={question.answerText} endorsedFor={question.endorsed && question.id} />
      )}
      {userId && <FollowUps questionId={question.id} questionHidden={question.hidden} />}
      <div className="row response-overlay-footer">
        <VoteArrows question={question} userId={userId} />
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}
