/** The lecture fields that define its live discussion window (SPEC §3 Lecture). */
export interface LiveWindow {
  lectureDateStart: string;
  lectureDateEnd: string;
}

/** Live discussion is offered only while now lies within [lectureDateStart, lectureDateEnd] (SPEC §4). */
export function isLiveNow(lecture: LiveWindow | undefined | null, now: number): boolean {
  if (!lecture) return false;
  const start = Date.parse(lecture.lectureDateStart);
  const end = Date.parse(lecture.lectureDateEnd);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return now >= start && now <= end;
}
