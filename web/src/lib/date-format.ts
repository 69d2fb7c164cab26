// One way to show a moment to people (issue 11 #3): the user's locale and time zone, a medium date and a
// short time ("24 Nov 2026, 09:30" or "Nov 24, 2026, 9:30 AM"). Every page that shows a date uses these.

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

const toDate = (at: string | number | Date): Date | null => {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A date and time for people to read; '' when missing or unreadable. */
export function formatDateTime(at: string | number | Date | null | undefined): string {
  const date = at === null || at === undefined || at === '' ? null : toDate(at);
  return date ? dateTime.format(date) : '';
}

/** Only the time of day with seconds, for a refresh just now ("updated at 09:30:12"); '' when unreadable. */
export function formatTimeOfDay(at: string | number | Date): string {
  const date = toDate(at);
  return date ? timeOnly.format(date) : '';
}
