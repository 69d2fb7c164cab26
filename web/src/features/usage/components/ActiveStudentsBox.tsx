/**
 * The live active-students box of the instructor lecture view, linking to the usage page (SPEC §2).
 * Placeholder until the usage work fills it in.
 */
export function ActiveStudentsBox(_props: { lectureId: string; videoId: string }) {
  return null;
}
