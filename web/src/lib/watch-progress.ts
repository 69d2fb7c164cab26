// How far this viewer got in each video of a lecture, kept in this browser (issue 11 #3; the choice is in
// docs/decisions.md): the furthest second reached per video, under the user's id so two people sharing a
// computer do not see each other's progress. The watch page writes it, the course page's cards read it.

const PREFIX = 'lectern.watched';
/** Written at most once per this many seconds of playback. */
const STEP_SECONDS = 5;

type Furthest = Record<string, number>;

const keyOf = (userId: string, lectureId: string) => `${PREFIX}.${userId}.${lectureId}`;

function read(key: string): Furthest {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Furthest) : {};
  } catch {
    return {};
  }
}

/** Records that the viewer reached `seconds` in a video of a lecture; only ever moves forward. */
export function recordWatched(userId: string, lectureId: string, videoId: string, seconds: number): void {
  if (!Number.isFinite(seconds) || seconds <= 0) return;
  const key = keyOf(userId, lectureId);
  const furthest = read(key);
  const reached = Math.floor(seconds / STEP_SECONDS) * STEP_SECONDS;
  if (reached <= (furthest[videoId] ?? 0)) return;
  furthest[videoId] = reached;
  try {
    localStorage.setItem(key, JSON.stringify(furthest));
  } catch {
    // A full or blocked storage only costs the progress bar.
  }
}

/** The share of a lecture watched, 0..1, given its length; null when the length is unknown. */
export function watchedFraction(
  userId: string,
  lectureId: string,
  durationSeconds: number | null,
): number | null {
  if (!durationSeconds) return null;
  const seconds = Object.values(read(keyOf(userId, lectureId))).reduce(
    (sum, s) => sum + (typeof s === 'number' ? s : 0),
    0,
  );
  return Math.min(1, seconds / durationSeconds);
}
