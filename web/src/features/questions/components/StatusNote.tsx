import { type QuestionDto, STATUS_TEXT } from '@lectern/shared';
import '../questions.css';

/** The live and processing messages of an unanswered question (SPEC §2 Home, §4 Question status). */
export function StatusNote({ question }: { question: QuestionDto }) {
  if (question.status === 'live') return <p className="status-live">{STATUS_TEXT.liveWaiting}</p>;
  if (question.status === 'processing') {
    return (
      <p className="status-processing">
        {STATUS_TEXT.processing} <span className="hint">{STATUS_TEXT.processingOverwrite}</span>
      </p>
    );
  }
  return null;
}
