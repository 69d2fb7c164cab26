import { type FollowUpDto, MAX_FOLLOW_UP_TEXT } from '@lectern/shared';
import { type FormEvent, useId, useState } from 'react';
import { OutcomeLine } from '../../../components/ui/OutcomeLine';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-format';
import { useAnswerFollowUp, useDeleteFollowUp, useFollowUps, usePostFollowUp } from '../api/follow-ups-api';
import { AnswerHtml } from './AnswerTextContent';
import './answer-text.css';

type Outcome = { ok: boolean; message: string } | null;

/** One short text box with its label and button: a follow-up, or the instructor's answer to one. */
function TextBox({
  label,
  button,
  max,
  send,
}: {
  label: string;
  button: string;
  max: number;
  send(text: string): Promise<unknown>;
}) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setOutcome({ ok: false, message: 'Write something first' });
    setBusy(true);
    setOutcome(null);
    try {
      await send(text);
      setText('');
      setOutcome({ ok: true, message: 'Sent' });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'It could not be sent') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={fieldId}>{label}</label>
      <textarea
        id={fieldId}
        rows={3}
        maxLength={max}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={busy}
      />
      <button type="submit" disabled={busy}>
        {button}
      </button>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}

function FollowUpItem({
  followUp,
  questionId,
  canAnswer,
}: {
  followUp: FollowUpDto;
  questionId: string;
  canAnswer: boolean;
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
      {followUp.answerHtml !== null && (
        <div className="follow-up-answer">
          <p className="hint">Instructor’s answer</p>
          <AnswerHtml html={followUp.answerHtml} />
        </div>
      )}
      {canAnswer && (
        <TextBox
          label={followUp.answerHtml === null ? 'Answer this follow-up' : 'Replace the answer'}
          button="Send answer"
          max={MAX_FOLLOW_UP_TEXT * 10}
          send={(text) => answer.mutateAsync({ questionId, followUpId: followUp._id, text })}
        />
      )}
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
 * Refreshed by `followup.changed` events, so new ones and answers appear without a reload.
 */
export default function FollowUpsContent({ questionId }: { questionId: string }) {
  const followUps = useFollowUps(questionId);
  const canAnswer = followUps.data?.canAnswer ?? false;
  const post = usePostFollowUp();
  const items = followUps.data?.followUps ?? [];
  return (
    <section className="follow-ups" aria-label="Follow-ups">
      <h3>Follow-ups</h3>
      {followUps.isError ? (
        <p role="alert">Follow-ups could not be loaded</p>
      ) : items.length === 0 ? (
        <p className="hint">No follow-ups yet.</p>
      ) : (
        <ul>
          {items.map((f) => (
            <FollowUpItem key={f._id} followUp={f} questionId={questionId} canAnswer={canAnswer} />
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
