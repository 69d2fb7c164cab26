import { isLiveNow } from '../../../lib/live-window';

export interface UpcomingLecture {
  id: string;
  title: string;
  courseName: string;
  lectureDate: string;
  lectureDateStart: string;
  lectureDateEnd: string;
  firstVideoId: string | null;
}

/**
 * Lectures dated now or later, and those whose live window is open (they are the ones to go to now), by
 * date ascending, each once (SPEC §2 Home, §9).
 */
export function upcomingLectures(lectures: readonly UpcomingLecture[], now: number): UpcomingLecture[] {
  const unique = new Map(lectures.map((l) => [l.id, l]));
  return [...unique.values()]
    .filter((l) => Date.parse(l.lectureDate) >= now || isLiveNow(l, now))
    .sort((a, b) => Date.parse(a.lectureDate) - Date.parse(b.lectureDate));
}
