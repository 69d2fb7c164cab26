import { ERRORS, type QuestionDto, type VoteOption } from '@lectern/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useVote } from '../api/question-mutations';
import { formatRating, ownVote } from '../utils/votes';
import '../questions.css';

const ARROWS: Record<VoteOption, { label: string; symbol: string }> = {
  UP: { label: 'Upvote', symbol: '▲' },
  DOWN: { label: 'Downvote', symbol: '▼' },
};

/**
 * Up/down arrows with the rating (SPEC §4 Votes): a click sends UP or DOWN and the answer's userVotes and
 * ratings replace the local values. The chosen arrow shows pressed. Anonymous viewers see the count only.
 */
export function VoteArrows({ question, userId }: { question: QuestionDto; userId: string | undefined }) {
  const sendVote = useVote();
  const [votes, setVotes] = useState({ ratings: question.ratings, userVotes: question.userVotes });
  const mine = ownVote(votes.userVotes, userId);

  const vote = async (option: VoteOption) => {
    if (!userId) return;
    try {
      const answer = await sendVote.mutateAsync({ questionId: question.id, userId, option });
      setVotes({ ratings: answer.ratings, userVotes: answer.userVotes });
    } catch {
      toast.error(ERRORS.voteFailed);
    }
  };

  // Only a signed-in viewer gets the arrows; the same button serves both directions.
  const arrow = (option: VoteOption) =>
    userId && (
      <button
        type="button"
        className="secondary"
        aria-label={ARROWS[option].label}
        aria-pressed={mine === option}
        disabled={sendVote.isPending}
        onClick={() => void vote(option)}
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
