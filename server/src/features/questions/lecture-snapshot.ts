import { createHash } from 'node:crypto';
import { QuestionDto, type VoteOption } from '@lectern/shared';
import type { AppDeps } from '../../app-deps';
import { Representation } from '../../lib/representation';
import {
  type CallerCourses,
  type LectureRow,
  NO_COURSES,
  questionAllows,
  visibleCourseId,
} from '../access/public';
import type { QuestionRow } from './question-list.query';
import { courseOf, seesAsker, toQuestionDto, whoAskedOf } from './questions.mapper';

// A lecture's questions serialised once for all its pollers (issue 14): each question is kept as JSON text
// with holes where the answer depends on who asks (whoAsked, userVotes, courseId, courseName). A poll
// fills the holes with the mapper's own rules for that caller, so it builds no objects and signs nothing.

/** Who is polling, as far as the answer depends on it. */
export interface PollViewer {
  callerId: string;
  role: 'admin' | 'student';
  courses: CallerCourses;
  votes: ReadonlyMap<string, VoteOption>;
}

type Slot = 'whoAsked' | 'userVotes' | 'courseId' | 'courseName';
const SLOTS: ReadonlySet<string> = new Set<Slot>(['whoAsked', 'userVotes', 'courseId', 'courseName']);
// The response schema's keys in its order: nothing else leaves (SECURITY AC-10).
const KEYS = Object.keys(QuestionDto.shape);

interface QuestionTemplate {
  row: QuestionRow;
  /** JSON between the holes: before whoAsked, before userVotes, before courseId, before courseName, after. */
  parts: string[];
  slots: Slot[];
}

export interface LectureSnapshot {
  /** Unique in this process: what callers' additions are tied to. */
  id: number;
  lecture: LectureRow;
  questions: QuestionTemplate[];
  /** Changes whenever any caller's answer could: the content, who asked what, the lecture's dates. */
  hash: string;
  /** The signing period of its media URLs (mediaUrlPeriod): a new period needs a new snapshot. */
  period: number;
  /** Askers and home courses of its questions: a caller among neither gets the common answer. */
  askers: ReadonlySet<string>;
  homeCourses: ReadonlySet<string>;
  /** Answers that are the same for many callers, made on first use (with their codings) and shared. */
  common: Map<string, Representation>;
}

function template(deps: AppDeps, row: QuestionRow): QuestionTemplate {
  // The anonymous view, checked against the response schema; the holes are filled per caller.
  const dto: Record<string, unknown> = QuestionDto.parse(
    toQuestionDto(deps, row, { callerId: null, courses: NO_COURSES }),
  );
  const parts: string[] = [];
  const slots: Slot[] = [];
  let text = '{';
  KEYS.forEach((key, i) => {
    const comma = i === 0 ? '' : ',';
    if (SLOTS.has(key)) {
      parts.push(text);
      slots.push(key as Slot);
      text = '';
    } else if (dto[key] !== undefined) text += `${comma}${JSON.stringify(key)}:${JSON.stringify(dto[key])}`;
  });
  parts.push(`${text}}`);
  return { row, parts, slots };
}

let snapshots = 0;

export function buildSnapshot(
  deps: AppDeps,
  lecture: LectureRow,
  rows: QuestionRow[],
  period: number,
): LectureSnapshot {
  const questions = rows.map((row) => template(deps, row));
  const hash = createHash('sha1')
    .update(
      JSON.stringify([
        lecture,
        questions.map(({ row, parts }) => [
          parts,
          whoAskedOf(row),
          row.question.askerId,
          row.question.responseId,
          row.homeCourseId,
          row.askerInHome,
          row.courseId,
          row.courseName,
        ]),
      ]),
    )
    .digest('base64url');
  return {
    id: ++snapshots,
    lecture,
    questions,
    hash,
    period,
    askers: new Set(rows.flatMap((r) => (r.question.askerId ? [r.question.askerId] : []))),
    homeCourses: new Set(rows.flatMap((r) => (r.homeCourseId ? [r.homeCourseId] : []))),
    common: new Map(),
  };
}

/** The visibility policy's question rule (features/access/visibility.ts), on a row of the snapshot. */
const listedFor = (viewer: PollViewer, row: QuestionRow): boolean =>
  questionAllows(
    {
      userId: viewer.callerId,
      adminOfVideo: viewer.role === 'admin',
      administered: viewer.courses.administered,
    },
    { ...row.question, homeCourseId: row.homeCourseId },
  );

function slotValue(slot: Slot, row: QuestionRow, viewer: PollViewer): unknown {
  switch (slot) {
    case 'whoAsked':
      return seesAsker(row, viewer) ? whoAskedOf(row) : undefined;
    case 'userVotes': {
      const vote = viewer.votes.get(row.question.id);
      return vote ? { [viewer.callerId]: vote } : {};
    }
    default:
      return courseOf(row, viewer)[slot];
  }
}

function render(snapshot: LectureSnapshot, viewer: PollViewer): string {
  let out = '';
  for (const { row, parts, slots } of snapshot.questions) {
    if (!listedFor(viewer, row)) continue;
    out += out === '' ? '[' : ',';
    out += parts[0];
    slots.forEach((slot, i) => {
      const value = slotValue(slot, row, viewer);
      if (value !== undefined) out += `,${JSON.stringify(slot)}:${JSON.stringify(value)}`;
      out += parts[i + 1];
    });
  }
  return out === '' ? '[]' : `${out}]`;
}

/**
 * The key of the answer this caller shares with others, or null when it is theirs alone: a student with
 * no vote and no question here, who runs none of the questions' home courses, gets what every such
 * student of the same standing gets.
 */
function commonKey(snapshot: LectureSnapshot, viewer: PollViewer): string | null {
  if (viewer.role !== 'student' || viewer.votes.size > 0 || snapshot.askers.has(viewer.callerId)) return null;
  for (const course of snapshot.homeCourses) if (viewer.courses.administered.has(course)) return null;
  return `student:${visibleCourseId(viewer.courses, snapshot.lecture.courseId)}`;
}

/** The caller's answer: shared by every caller of the same standing, else made by `own` on a miss. */
export function representationFor(
  snapshot: LectureSnapshot,
  viewer: PollViewer,
  own: (make: () => Representation) => Representation,
): Representation {
  const make = () => new Representation(Buffer.from(render(snapshot, viewer)));
  const key = commonKey(snapshot, viewer);
  if (key === null) return own(make);
  let answer = snapshot.common.get(key);
  if (!answer) {
    answer = make();
    snapshot.common.set(key, answer);
  }
  return answer;
}

/**
 * A weak ETag from everything the caller's answer is made of, so it is the same on every instance and
 * needs neither the answer nor the database: the snapshot's hash and the caller's standing and votes.
 */
export function etagFor(snapshot: LectureSnapshot, viewer: PollViewer): string {
  const homes = [...snapshot.homeCourses].filter((c) => viewer.courses.administered.has(c)).sort();
  const votes = [...viewer.votes].sort(([a], [b]) => a.localeCompare(b));
  const standing = JSON.stringify([
    viewer.callerId,
    viewer.role,
    visibleCourseId(viewer.courses, snapshot.lecture.courseId),
    homes,
    votes,
  ]);
  return `W/"${createHash('sha1').update(snapshot.hash).update(standing).digest('base64url')}"`;
}
