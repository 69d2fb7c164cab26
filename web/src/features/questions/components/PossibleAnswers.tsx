import { FETCH_ERRORS, type PossibleAnswerDto, type QuestionDto, formatVideoTime } from '@lectern/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLinkAnswer, usePossibleAnswers } from '../api/possible-answers-api';
import { questionQuery } from '../api/questions-api';
import { ANSWER_LINKED, answerSummary } from '../utils/answer-texts';
import { ResponseOverlay } from './ResponseOverlay';

/**
 * "Possibly answered by …" (issue 24) for one waiting question, read on its own (the respond page); Action
 * Items reads its page's at once (usePossibleAnswersOf) and shows each with PossibleAnswersList.
 */
export function PossibleAnswers(props: { question: QuestionDto; userId: string; onLinked?(): void }) {
  const possible = usePossibleAnswers(props.question.id);
  return <PossibleAnswersList {...props} candidates={possible.data ?? []} />;
}

/**
 * Up to three answered questions like a waiting one, from the courses the instructor administers, each
 * with its moment, text, course and answer. "Play the answer" opens it in the response overlay; "Use this
 * answer" answers the waiting question with it, the asker told as for any answer. Nothing shows while there
 * is nothing alike.
 */
export function PossibleAnswersList({
  question,
  candidates,
  userId,
  onLinked,
}: {
  question: QuestionDto;
  candidates: readonly PossibleAnswerDto[];
  userId: string;
  onLinked?(): void;
}) {
  const link = useLinkAnswer();
  const client = useQueryClient();
  const [playing, setPlaying] = useState<QuestionDto | null>(null);
  const headingId = useId();
  if (question.response || candidates.length === 0) return null;

  // The overlay shows a question as any card does: the answered one is read as its admin reads it.
  const play = async (candidate: PossibleAnswerDto) => {
    try {
      setPlaying(await client.fetchQuery(questionQuery(candidate.questionId)));
    } catch {
      toast.error(FETCH_ERRORS.loadingResponse);
    }
  };
  const use = async (candidate: PossibleAnswerDto) => {
    try {
      await link.mutateAsync({ questionId: question.id, answeredQuestionId: candidate.questionId });
      toast.success(ANSWER_LINKED);
      onLinked?.();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not use this answer'));
    }
  };

  return (
    <section className="suggested-answers" aria-labelledby={headingId}>
      <h3
        id={headingId}
      >{`Possibly answered by ${candidates.length === 1 ? 'this earlier answer' : 'these earlier answers'}`}</h3>
      <ul aria-labelledby={headingId}>
        {candidates.map((candidate) => {
          const textId = `${headingId}-${candidate.questionId}`;
          return (
            <li key={candidate.questionId} aria-labelledby={textId}>
              <p>
                <span className="moment">{formatVideoTime(candidate.time)}</span>{' '}
                <span id={textId}>{candidate.question}</span>
              </p>
              <p className="hint">{`${answerSummary(candidate.answer)} · ${candidate.courseName}`}</p>
              <p className="row">
                <button
                  type="button"
                  className="secondary"
                  onClick={() => void play(candidate)}
                  aria-describedby={textId}
                >
                  Play the answer
                </button>
                <button
                  type="button"
                  onClick={() => void use(candidate)}
                  disabled={link.isPending}
                  aria-describedby={textId}
                >
                  Use this answer
                </button>
              </p>
            </li>
          );
        })}
      </ul>
      {playing && (
        <ResponseOverlay
          question={playing}
          userId={userId}
          logContext={{ courseID: playing.courseId, lectureID: playing.lectureID, videoID: playing.videoId }}
          onClose={() => setPlaying(null)}
        />
      )}
    </section>
  );
}
