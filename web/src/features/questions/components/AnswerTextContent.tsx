import type { AnswerTextDto } from '@lectern/shared';
import { useLayoutEffect, useRef } from 'react';
import { formatDateTime } from '../../../lib/date-format';
import { sanitizedAnswerNodes } from '../utils/sanitize-answer';
import { EndorsedNote } from './EndorsedNote';
import './answer-text.css';

/**
 * The answer's HTML, rendered and sanitised on the server and sanitised again here, then appended as the
 * nodes DOMPurify built (issue 24); below it, when it was last edited. Maths is MathML, which the browser
 * draws itself: no KaTeX script or stylesheet. React leaves the text's box alone: it renders no children.
 */
export default function AnswerTextContent({
  answer,
  endorsedFor,
}: {
  answer: AnswerTextDto;
  endorsedFor?: string;
}) {
  return (
    <div className="answer-text-box">
      {endorsedFor && <EndorsedNote questionId={endorsedFor} />}
      <AnswerHtml html={answer.html} />
      {answer.editedAt && <p className="hint">{`Edited ${formatDateTime(answer.editedAt)}`}</p>}
    </div>
  );
}

/** Server-rendered answer HTML (a text answer, a follow-up), sanitised again and appended as nodes. */
export function AnswerHtml({ html }: { html: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.replaceChildren(sanitizedAnswerNodes(html));
  }, [html]);
  return <div ref={box} className="answer-text" />;
}
