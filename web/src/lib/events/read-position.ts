// Where the events stream stood when the server began answering this tab's oldest read (the
// X-Events-Position header of every API read). A stream that opens after those reads resumes from there
// (Last-Event-ID), so it replays what changed since instead of the tab refetching everything it has
// just read (issue 14: the watch page read its video twice within a second).

const HEADER = 'x-events-position';
let oldest: number | null = null;

/** Called with every API answer. */
export function noteReadPosition(response: Response): void {
  const position = Number(response.headers.get(HEADER) ?? NaN);
  if (Number.isSafeInteger(position) && (oldest === null || position < oldest)) oldest = position;
}

/** The Last-Event-ID that covers every read so far; '' before any. */
export function oldestReadPosition(): string {
  return oldest === null ? '' : String(oldest);
}
