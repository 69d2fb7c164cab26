import { useNavigate } from 'react-router';
import { startMeeting } from '../../lib/meetings-api';

/**
 * Takes the asker of a live question into its room: the built-in room's URL is a page of this app (the
 * router goes there); BigBlueButton's is another site (the browser goes there).
 */
export function useEnterRoom(): (questionId: string, questionText: string) => Promise<void> {
  const navigate = useNavigate();
  return async (questionId, questionText) => {
    const { studentURL, professorURL } = await startMeeting(questionId, questionText);
    const url = new URL(studentURL || professorURL, window.location.href);
    if (url.origin === window.location.origin) await navigate(`${url.pathname}${url.search}`);
    else window.location.assign(url.href);
  };
}
