/** A lecture's live discussion window (SPEC §4 "Live discussion"), both ends included. */
export interface LiveWindow {
  lectureDateStart: Date;
  lectureDateEnd: Date;
}

/** A question is live only if asked while the lecture's live window is open; the client's word is not enough. */
export function isInLiveWindow(lecture: LiveWindow, now: Date): boolean {
  const t = now.getTime();
  return lecture.lectureDateStart.getTime() <= t && t <= lecture.lectureDateEnd.getTime();
}
