import type { SuggestionDto } from '@lectern/shared';
import { useAcceptSuggestion, useSuggestions } from '../api/suggestions-api';
import { SuggestedAnswers } from './SuggestedAnswers';

/**
 * The suggestions for what the student is typing (issue 24): asked for as typing pauses, shown under the
 * box. Its own chunk, loaded once a question is long enough to ask about.
 */
export function SuggestionsForQuestion({
  videoId,
  lectureId,
  text,
  currentTime,
  onPlay,
  onAnswered,
}: {
  videoId: string;
  lectureId: string | undefined;
  text: string;
  currentTime(): number;
  onPlay(suggestion: SuggestionDto): void;
  /** "This answers my question": counted here, then the box closes without asking. */
  onAnswered(): void;
}) {
  const suggestions = useSuggestions(videoId, lectureId, text, currentTime);
  const accept = useAcceptSuggestion(videoId);
  return (
    <SuggestedAnswers
      suggestions={suggestions.data ?? []}
      onPlay={onPlay}
      onAnswers={(suggestion) => {
        accept.mutate(suggestion.questionId);
        onAnswered();
      }}
    />
  );
}
