import { DATE_DEFAULTS } from '@lectern/shared';

// The forms use <input type="datetime-local">, whose value ("2026-03-01T09:00") has no zone: it is the
// user's wall-clock time. The wire carries ISO 8601 instants in UTC. These helpers convert between the two
// in the browser's time zone, so a lecture at 09:00 for the instructor is the same instant for everyone.

/** The four dates of a lecture, as datetime-local values. */
export interface LectureDateValues {
  lectureDate: string;
  lectureDateAvailable: string;
  lectureDateStart: string;
  lectureDateEnd: string;
}

export const LECTURE_DATE_KEYS = [
  'lectureDate',
  'lectureDateAvailable',
  'lectureDateStart',
  'lectureDateEnd',
] as const satisfies readonly (keyof LectureDateValues)[];

const pad = (n: number): string => String(n).padStart(2, '0');

/** A Date as a datetime-local value in the browser's time zone (minute precision). */
function dateToLocalInput(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** An ISO instant as a datetime-local value; '' when missing or unreadable. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateToLocalInput(date);
}

/** A datetime-local value read in the browser's time zone, as an ISO UTC instant; null when empty. */
export function localInputToIso(local: string): string | null {
  // ECMAScript reads a date-time without an offset as local time, which is exactly what we want.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * SPEC §5 and §9: entering a lecture date sets availability 30 minutes before it, the live discussion
 * start at it and its end 75 minutes after. Computed on instants, so a DST change in between is handled.
 */
export function lectureDateDefaults(lectureDate: string): LectureDateValues | null {
  const iso = localInputToIso(lectureDate);
  if (iso === null) return null;
  const at = Date.parse(iso);
  return {
    lectureDate,
    lectureDateAvailable: dateToLocalInput(new Date(at - DATE_DEFAULTS.availableBeforeMs)),
    lectureDateStart: dateToLocalInput(new Date(at)),
    lectureDateEnd: dateToLocalInput(new Date(at + DATE_DEFAULTS.liveEndAfterMs)),
  };
}

/** Form values from a lecture on the wire. */
export function lectureDatesFromIso(dates: Record<keyof LectureDateValues, string>): LectureDateValues {
  return {
    lectureDate: isoToLocalInput(dates.lectureDate),
    lectureDateAvailable: isoToLocalInput(dates.lectureDateAvailable),
    lectureDateStart: isoToLocalInput(dates.lectureDateStart),
    lectureDateEnd: isoToLocalInput(dates.lectureDateEnd),
  };
}

/** Wire dates from form values; null when any of the four is empty or unreadable. */
export function lectureDatesToIso(values: LectureDateValues): LectureDateValues | null {
  const out: Partial<LectureDateValues> = {};
  for (const key of LECTURE_DATE_KEYS) {
    const iso = localInputToIso(values[key]);
    if (iso === null) return null;
    out[key] = iso;
  }
  return out as LectureDateValues;
}

export const EMPTY_LECTURE_DATES: LectureDateValues = {
  lectureDate: '',
  lectureDateAvailable: '',
  lectureDateStart: '',
  lectureDateEnd: '',
};
