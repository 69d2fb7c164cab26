/**
 * Where a fresh session goes (SPEC §2 Login): the course to join when the link named one, else the
 * protected page the guard sent the visitor away from, else Home. Only in-app paths are followed.
 */
export function afterLoginPath(courseIDtoJoin: string | undefined, state: unknown): string {
  if (courseIDtoJoin) return `/courses/join/${encodeURIComponent(courseIDtoJoin)}`;
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
