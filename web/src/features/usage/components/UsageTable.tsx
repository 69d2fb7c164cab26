import { CURRENTLY_WATCHING, STATUS_TEXT, type UsageEntry } from '@lectern/shared';
import { formatUsageTime, statusOrLastActive } from '../utils/usage-format';

/** Student / First Activity / Status-Last Active (SPEC §2 Usage page). */
export function UsageTable({ entries }: { entries: UsageEntry[] }) {
  if (entries.length === 0) return <p>{STATUS_TEXT.noUsage}</p>;
  return (
    <table className="usage-table">
      <caption className="visually-hidden">Usage of this video by student</caption>
      <thead>
        <tr>
          <th scope="col">Student</th>
          <th scope="col">First Activity</th>
          <th scope="col">Status-Last Active</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.userId}>
            <th scope="row">{entry.name}</th>
            <td>{formatUsageTime(entry.startTime)}</td>
            <td className={entry.status === CURRENTLY_WATCHING ? 'success-text' : undefined}>
              {statusOrLastActive(entry)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
