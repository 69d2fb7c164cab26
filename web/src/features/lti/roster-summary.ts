import type { LtiRosterLink } from '@lectern/shared';

/** "3 min ago", "2 h ago", "5 days ago": how long since `then`, coarse. */
export function ago(then: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - then.getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** The one line the course's admin page says of an LMS link's roster. */
export function rosterSummary(link: LtiRosterLink, now: Date): string {
  if (!link.canSync) return `${link.platformName} does not share this course's roster with Lectern.`;
  if (!link.lastSyncAt) return 'Not synced yet.';
  const when = ago(new Date(link.lastSyncAt), now);
  if (link.lastSyncError) return `The last sync failed ${when}: ${link.lastSyncError}.`;
  const n = link.lastSyncMembers ?? 0;
  return `Synced ${n} member${n === 1 ? '' : 's'} ${when}.`;
}
