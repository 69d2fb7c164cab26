/**
 * "Where used (n)" of the instructor lecture view (SPEC §2): shown only when the video sits in more than
 * one lecture. Placeholder until the courses work fills it in.
 */
export function WhereUsedButton(_props: { videoId: string }) {
  return null;
}
