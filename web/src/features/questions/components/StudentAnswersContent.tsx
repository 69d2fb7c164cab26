import { ENDORSED_BY_INSTRUCTOR, MAX_STUDENT_ANSWER_TEXT, type StudentAnswerDto } from '@lectern/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-format';
import {
  useDeleteStudentAnswer,
  useEditStudentAnswer,
  useEndorseStudentAnswer,
  usePostStudentAnswer,
  useStudentAnswers,
} from '../api/student-answers-api';
import { AnswerHtml } from './AnswerTextContent';
import { PostModeration } from './PostModeration';
import { TextBox } from './TextBox';
import { answerAuthor } from '../utils/answer-author';
import './answer-text.css';

function StudentAnswerItem({
  answer,
  canEndorse,
  mayEndorse,
}: {
  answer: StudentAnswerDto;
  canEndorse: boolean;
  /** No other answer of the question is endorsed (one per question). */
  mayEndorse: boolean;
}) {
  const edit = useEditStudentAnswer();
  const remove = useDeleteStudentAnswer();
  const endorse = useEndorseStudentAnswer();
  const [failure, setFailure] = useState('');
  const ids = { questionId: answer.questionId, answerId: answer._id };
  const act = async (work: () => Promise<unknown>) => {
    setFailure('');
    try {
      await work();
    } catch (error) {
      setFailure(errorMessage(error, 'That did not work'));
    }
  };
  return (
    <li className="follow-up">
      <p className="hint">
        {answerAuthor(answer)}, {formatDateTime(answer.createdAt)}
        {answer.editedAt && `, edited ${formatDateTime(answer.editedAt)}`}
      </p>
      {answer.endorsed && (
        <p>
          <strong>{ENDORSED_BY_INSTRUCTOR}</strong>
        </p>
      )}
      <AnswerHtml html={answer.textHtml} />
      {/* An endorsed answer is not hidden: the admin withdraws the endorsement first. */}
      {!(canEndorse && answer.endorsed) && (
        <PostModeration
          kind="studentAnswer"
          id={answer._id}
          hidden={answer.hidden}
          admin={canEndorse}
          what="answer"
        />
      )}
      {answer.own && !answer.endorsed && answer.text !== null && (
        <details>
          <summary>Edit your answer</summary>
          <TextBox
            label="Your answer"
            button="Save answer"
            max={MAX_STUDENT_ANSWER_TEXT}
            initial={answer.text}
            send={(text) => edit.mutateAsync({ ...ids, text })}
          />
        </details>
      )}
      {canEndorse && (answer.endorsed || mayEndorse) && (
        <button
          type="button"
          disabled={endorse.isPending}
          onClick={() => void act(() => endorse.mutateAsync({ ...ids, endorsed: !answer.endorsed }))}
        >
          {answer.endorsed ? 'Withdraw endorsement' : 'Endorse'}
        </button>
      )}
      {(answer.own || canEndorse) && (
        <button
          type="button"
          disabled={remove.isPending}
          onClick={() => void act(() => remove.mutateAsync(ids))}
        >
          Delete answer
        </button>
      )}
      {failure && <p role="alert">{failure}</p>}
    </li>
  );
}

/**
 * Students' answers to a question (issue 24), oldest first, each with its author as the course shows
 * names, whether the instructor endorsed it, and what the caller may do with it; then "Your answer" for a
 * classmate who may answer. Refreshed by `studentanswer.changed` events.
 */
export default function StudentAnswersContent({ questionId }: { questionId: string }) {
  const list = useStudentAnswers(questionId);
  const post = usePostStudentAnswer();
  const answers = list.data?.answers ?? [];
  const canEndorse = list.data?.canEndorse ?? false;
  const noneEndorsed = !answers.some((a) => a.endorsed);
  return (
    <section className="follow-ups" aria-label="Students’ answers">
      <h3>Students’ answers</h3>
      {list.isError ? (
        <p role="alert">Students’ answers could not be loaded</p>
      ) : answers.length === 0 ? (
        <p className="hint">No student has answered yet.</p>
      ) : (
        <ul>
          {answers.map((a) => (
            <StudentAnswerItem key={a._id} answer={a} canEndorse={canEndorse} mayEndorse={noneEndorsed} />
          ))}
        </ul>
      )}
      {list.data?.canAnswer && (
        <TextBox
          label="Your answer"
          button="Post answer"
          max={MAX_STUDENT_ANSWER_TEXT}
          send={(text) => post.mutateAsync({ questionId, text })}
        />
      )}
    </section>
  );
}
