import { ERRORS, type QuestionDto, type VoteOption } from '@lectern/shared';
import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useVote } from '../api/question-mutations';
import { formatRating, ownVote } from '../utils/votes';
import '../questions.css';

// The server takes the same arrow again within 1 s for a double click and ignores it (SECURITY AC-12,
// DUPLICATE_VOTE_MS in server/src/features/questions/votes.ts). A press of the chosen arrow here is a
// deliberate "take my vote back", so it is sent once that second has passed. The second is counted from
// the answer's arrival, not the request's departure: the server starts its window when it applies the
// vote, which on a busy server can be well after the request left.
const SERVER_REPEAT_WINDOW_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

interface AppliedVote {
  option: VoteOption | 'NONE';
  at: number;
}
/** How long to hold a press of `option` so the server does not take it for a repeat of `last`. */
const holdFor = (last: AppliedVote, option: VoteOption) =>
  last.option === option ? Math.max(0, last.at + SERVER_REPEAT_WINDOW_MS + 50 - Date.now()) : 0;
const appliedNow = (option: VoteOption): AppliedVote => ({ option, at: Date.now() });

const ARROWS: Record<VoteOption, { label: string; symbol: string }> = {
  UP: { label: 'Upvote', symbol: '▲' },
  DOWN: { label: 'Downvote', symbol: '▼' },
};

/**
 * Up/down arrows with the rating (SPEC §4 Votes): a click sends UP or DOWN and the answer's userVotes and
 * ratings replace the local values. The chosen arrow shows pressed; pressing it again takes the vote back
 * (the server toggles, DESIGN §5.6). Anonymous viewers see the count only.
 */
export function VoteArrows({ question, userId }: { question: QuestionDto; userId: string | undefined }) {
  const sendVote = useVote();
  const [votes, setVotes] = useState({ ratings: question.ratings, userVotes: question.userVotes });
  const mine = ownVote(votes.userVotes, userId);
  const lastApplied = useRef<AppliedVote>({ option: 'NONE', at: 0 });
  const [waiting, setWaiting] = useState(false);

  const vote = async (option: VoteOption) => {
    if (!userId) return;
    try {
      const hold = holdFor(lastApplied.current, option);
      if (hold > 0) {
        setWaiting(true);
        await wait(hold).finally(() => setWaiting(false));
      }
      const answer = await sendVote.mutateAsync({ questionId: question.id, userId, option });
      lastApplied.current = appliedNow(option);
      setVotes({ ratings: answer.ratings, userVotes: answer.userVotes });
    } catch {
      toast.error(ERRORS.voteFailed);
    }
  };

  // Only a signed-in viewer gets the arrows; the same button serves both directions. While a vote is on
  // its way they are aria-disabled, not disabled: a disabled button drops the keyboard focus, and the
  // vote could not be taken back from the keyboard.
  const busy = sendVote.isPending || waiting;
  const arrow = (option: VoteOption) =>
    userId && (
      <button
        type="button"
        className="secondary"
        aria-label={ARROWS[option].label}
        aria-pressed={mine === option}
        aria-disabled={busy}
        onClick={() => {
          if (!busy) void vote(option);
        }}
      >
        {ARROWS[option].symbol}
      </button>
    );

  return (
    <div className="vote-arrows" role="group" aria-label="Rate this response">
      {arrow('UP')}
      <span aria-label={`Rating ${votes.ratings}`} className="vote-count">
        {formatRating(votes.ratings)}
      </span>
      {arrow('DOWN')}
    </div>
  );
}
