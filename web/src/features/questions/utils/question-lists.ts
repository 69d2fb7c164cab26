import type { QuestionDto } from '@lectern/shared';

/** Unanswered: no response id (SPEC §3). Live and processing ones stay here (SPEC §4). */
export const needsResponse = (q: QuestionDto): boolean => !q.response;

/** Live first, then earliest posted (SPEC §4 Question status). */
export function byUrgency(a: QuestionDto, b: QuestionDto): number {
  const live = Number(b.status === 'live') - Number(a.status === 'live');
  return live !== 0 ? live : Date.parse(a.timePosted) - Date.parse(b.timePosted);
}

export interface CourseGroup {
  courseId: string;
  courseName: string;
  questions: QuestionDto[];
}

/** Questions needing a response, grouped by course (sorted by name), each group live first then earliest. */
export function groupNeedingResponseByCourse(questions: readonly QuestionDto[]): CourseGroup[] {
  const groups = new Map<string, CourseGroup>();
  for (const q of questions.filter(needsResponse)) {
    const group = groups.get(q.courseId) ?? { courseId: q.courseId, courseName: q.courseName, questions: [] };
    group.questions.push(q);
    groups.set(q.courseId, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.courseName.localeCompare(b.courseName, undefined, { sensitivity: 'base' }))
    .map((g) => ({ ...g, questions: g.questions.sort(byUrgency) }));
}

/** Case-insensitive substring search over the question text (SPEC §2 Course questions). */
export function filterByText<T extends { question: string }>(questions: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  return needle ? questions.filter((q) => q.question.toLowerCase().includes(needle)) : [...questions];
}

/** Order within a lecture: by the video's place in the playlist, then by time asked (SPEC §2). */
export function byPlaceInLecture(playlistIds: readonly string[]) {
  const place = (videoId: string) => {
    const index = playlistIds.indexOf(videoId);
    return index < 0 ? playlistIds.length : index;
  };
  return (a: QuestionDto, b: QuestionDto): number =>
    place(a.videoId) - place(b.videoId) || a.timeAsked - b.timeAsked;
}

/** The question Action Items lists first, leaving out the one just answered (issue 11 #6: "Next question"). */
export function nextToAnswer(questions: readonly QuestionDto[], answeredId: string): QuestionDto | undefined {
  return groupNeedingResponseByCourse(questions.filter((q) => q.id !== answeredId)).flatMap(
    (group) => group.questions,
  )[0];
}
