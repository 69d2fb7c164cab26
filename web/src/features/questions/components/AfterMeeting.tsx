import { Link } from 'react-router';
import { useQuestion } from '../api/questions-api';

/**
 * After a live meeting (built-in room or BigBlueButton's end page): the way back to the lecture the
 * question was asked in, and the answer once it is ready (the recording is processed first).
 */
export function AfterMeeting({ questionId }: { questionId: string }) {
  const { data: question } = useQuestion(questionId);
  if (!question) return null;
  const lecture = question.lectureID ? `?lectureId=${encodeURIComponent(question.lectureID)}` : '';
  const video = `/video/${encodeURIComponent(question.videoId)}${lecture}`;
  return (
    <nav aria-label="After the meeting" className="after-meeting">
      <p>
        {question.response
          ? 'The answer to your question is ready: it plays at the moment you asked.'
          : question.status === 'processing'
            ? 'The recording becomes the answer once it is processed. It will appear on the video at the moment asked.'
            : ''}
      </p>
      <Link to={video}>
        {question.response ? 'Watch the answer' : `Back to ${question.lectureName || question.videoTitle}`}
      </Link>
    </nav>
  );
}
