import { type QuestionDto, formatVideoTime } from '@lectern/shared';
import { Link } from 'react-router';
import '../questions.css';

/** The user's own questions answered recently, each linking to its response (SPEC §2 Home). */
export function RecentAnswers({ questions }: { questions: readonly QuestionDto[] }) {
  return (
    <ul className="question-list">
      {questions
        .filter((q) => q.response)
        .map((q) => (
          <li key={q.id} className="card">
            <p className="hint">{`${q.courseName} · ${q.lectureName} · ${formatVideoTime(q.timeAsked)}`}</p>
            <p>
              <strong>{q.question}</strong>
            </p>
            <Link to={`/video/${q.videoId}/${q.response}`}>click to view response</Link>
          </li>
        ))}
    </ul>
  );
}
