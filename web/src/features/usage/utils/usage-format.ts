import { CURRENTLY_WATCHING, type UsageEntry } from '@lectern/shared';
import { formatDateTime } from '../../../lib/date-format';

/** A report time in the viewer's locale, or "—" when missing or unreadable (SPEC §2 Usage page). */
export function formatUsageTime(iso: string | null | undefined): string {
  return formatDateTime(iso) || '—';
}

/** The Status-Last Active cell: "currently watching", else the last-active time. */
export const statusOrLastActive = (entry: Pick<UsageEntry, 'status' | 'lastActive'>): string =>
  entry.status === CURRENTLY_WATCHING ? CURRENTLY_WATCHING : formatUsageTime(entry.lastActive);
