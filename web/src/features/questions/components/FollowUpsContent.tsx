import { type FollowUpDto, MAX_FOLLOW_UP_TEXT, MEDIA } from '@lectern/shared';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/date-format';
import { useAnswerFollowUp, useDeleteFollowUp, useFollowUps, usePostFollowUp } from '../api/follow-ups-api';
import { AnswerHtml } from './AnswerTextContent';
import { PostModeration } from './PostModeration';
import { TextBox } from './TextBox';
import './answer-text.css';

/**
 * The instructor's answer video under a follow-up: played once ready; to the admins, "being processed"
 * before and why it failed if its processing failed.
 */
function AnswerVideo({ video }: { video: NonNullable<FollowUpDto['answerVideo']> }) {
  if (video.failed) return <p role="alert">{MEDIA.followUpAnswerFailed(video.failureReason)}</p>;
  if (!video.ready) return <p className="hint">The answer video is being processed.</p>;
  // Its captions are the answer's own (/captions/response/…), not loaded here.
  // eslint-disable-next-line jsx-a11y/media-has-caption
  return <video src={video.videoSource} aria-label="Instructor’s answer video" controls playsInline />;
}

/** What the respond page adds under a follow-up for its admins: the answer-video form (issue 24). */
export type FollowUpExtra = (followUp: FollowUpDto) => ReactNode;

function FollowUpItem({
  followUp,
  questionId,
  canAnswer,
  extra,
}: {
  followUp: FollowUpDto;
  questionId: string;
  canAnswer: boolean;
  extra?: FollowUpExtra;
}) {
  const answer = useAnswerFollowUp();
  const remove = useDeleteFollowUp();
  const who = followUp.own ? 'You' : (followUp.authorName ?? 'A classmate');
  return (
    <li className="follow-up">
      <p className="hint">
        {who}, {formatDateTime(followUp.createdAt)}
      </p>
      <AnswerHtml html={followUp.textHtml} />
      {(followUp.answerHtml !== null || followUp.answerVideo) && (
        <div className="follow-up-answer">
          <p className="hint">Instructor’s answer</p>
          {followUp.answerHtml !== null && <AnswerHtml html={followUp.answerHtml} />}
          {followUp.answerVideo && <AnswerVideo video={followUp.answerVideo} />}
        </div>
      )}
      {canAnswer && extra?.(followUp)}
      {canAnswer && (
        <TextBox
          label={followUp.answerHtml === null ? 'Answer this follow-up' : 'Replace the answer'}
          button="Send answer"
          max={MAX_FOLLOW_UP_TEXT * 10}
          send={(text) => answer.mutateAsync({ questionId, followUpId: followUp._id, text })}
        />
      )}
      <PostModeration
        kind="followUp"
        id={followUp._id}
        hidden={followUp.hidden}
        admin={canAnswer}
        what="follow-up"
      />
      {(followUp.own || canAnswer) && (
        <button
          type="button"
          disabled={remove.isPending}
          onClick={() => void remove.mutateAsync({ questionId, followUpId: followUp._id })}
        >
          Delete follow-up
        </button>
      )}
    </li>
  );
}

/**
 * Follow-ups under an answered question (issue 24): each with its author (a name only for the course's
 * admins; "You" for one's own), time, text and the instructor's answer; then the "Ask a follow-up" box.
 * Each post, the question first, can be flagged by a member and hidden or restored by the admins.
 * Refreshed by `followup.changed` events, so new ones and answers appear without a reload.
 */
export default function FollowUpsContent({
  questionId,
  questionHidden,
  extra,
}: {
  questionId: string;
  questionHidden: boolean;
  /** The respond page's answer-video form, kept out of this chunk, which the watch page loads too. */
  extra?: FollowUpExtra;
}) {
  const followUps = useFollowUps(questionId);
  const canAnswer = followUps.data?.canAnswer ?? false;
  const post = usePostFollowUp();
  const items = followUps.data?.followUps ?? [];
  return (
    <section className="follow-ups" aria-label="Follow-ups">
      {/* The question's own flag and hiding live here, where the reader's rights on it are known. */}
      <PostModeration
        kind="question"
        id={questionId}
        hidden={questionHidden}
        admin={canAnswer}
        what="question"
      />
      <h3>Follow-ups</h3>
      {followUps.isError ? (
        <p role="alert">Follow-ups could not be loaded</p>
      ) : items.length === 0 ? (
        <p className="hint">No follow-ups yet.</p>
      ) : (
        <ul>
          {items.map((f) => (
            <FollowUpItem
              key={f._id}
              followUp={f}
              questionId={questionId}
              canAnswer={canAnswer}
              extra={extra}
            />
          ))}
        </ul>
      )}
      <TextBox
        label="Ask a follow-up"
        button="Post follow-up"
        max={MAX_FOLLOW_UP_TEXT}
        send={(text) => post.mutateAsync({ questionId, text })}
      />
    </section>
  );
}
