// The reads web/public/early-reads.js started before the bundle ran, each taken once, by URL: the app
// uses the answer instead of asking again (issue 14).

declare global {
  interface Window {
    lecternEarlyReads?: Map<string, Promise<Response>>;
  }
}

/** The early answer to GET `path`, if one was started and not yet taken. */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.lecternEarlyReads;
  const answer = reads?.get(path);
  reads?.delete(path);
  return answer;
}
