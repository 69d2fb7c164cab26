import { CSV_COLUMNS, type UsageEntry } from '@lectern/shared';
import { stringify } from 'csv-stringify/sync';

// Characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"): =, +, -, @, tab, CR.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text: a leading formula character gets a ' in front (SECURITY VAL-5). */
export const neutraliseFormula = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell);

/**
 * The usage report as RFC 4180 CSV: CRLF line ends, every field quoted and inner quotes doubled, with a
 * UTF-8 byte-order mark so spreadsheet programs read accented names correctly. Times are ISO 8601.
 */
export function usageCsv(entries: UsageEntry[]): string {
  const rows = entries.map((e) => [e.name, e.startTime, e.lastActive].map(neutraliseFormula));
  return stringify([[...CSV_COLUMNS], ...rows], { bom: true, quoted: true, record_delimiter: 'windows' });
}
