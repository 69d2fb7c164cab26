import type { VoteOption } from '@lectern/shared';

export type VoteState = VoteOption | 'NONE';

/** The caller's own vote from a question's userVotes (SPEC §3 Vote: UP, DOWN, NONE). */
export function ownVote(
  userVotes: Record<string, VoteOption> | undefined,
  userId: string | undefined,
): VoteState {
  if (!userId || !userVotes) return 'NONE';
  return userVotes[userId] ?? 'NONE';
}

/** The rating as shown beside the arrows: a sign on positive totals so "+2" reads as a score. */
export function formatRating(ratings: number): string {
  return ratings > 0 ? `+${ratings}` : String(ratings);
}
