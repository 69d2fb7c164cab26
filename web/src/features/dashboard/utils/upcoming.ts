export interface UpcomingLecture {
  id: string;
  title: string;
  courseName: string;
  lectureDate: string;
  firstVideoId: string | null;
}

/** Lectures dated now or later, by date ascending, each once (SPEC §2 Home, §9). */
export function upcomingLectures(lectures: readonly UpcomingLecture[], now: number): UpcomingLecture[] {
  const unique = new Map(lectures.map((l) => [l.id, l]));
  return [...unique.values()]
    .filter((l) => Date.parse(l.lectureDate) >= now)
    .sort((a, b) => Date.parse(a.lectureDate) - Date.parse(b.lectureDate));
}
