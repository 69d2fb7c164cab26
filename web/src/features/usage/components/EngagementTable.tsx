import type { EngagementRow } from '../utils/engagement-rows';

/** The chart's numbers as a table, folded away for sighted users who have the chart. */
export function EngagementTable({ rows }: { rows: EngagementRow[] }) {
  return (
    <details>
      <summary>Engagement data as a table</summary>
      <table className="usage-table">
        <caption className="visually-hidden">Engagement per part of the video</caption>
        <thead>
          <tr>
            <th scope="col">Time in video</th>
            <th scope="col">Students who watched</th>
            <th scope="col">Students who re-watched</th>
            <th scope="col">Questions asked</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.range}>
              <th scope="row">{row.range}</th>
              <td>{row.watched}</td>
              <td>{row.rewatched}</td>
              <td>{row.questions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
