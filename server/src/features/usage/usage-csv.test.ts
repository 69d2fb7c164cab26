import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-test-parser';
import { neutraliseFormula, usageCsv } from './usage-csv';

describe('neutraliseFormula', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(1)', '\tx', '\rx'])('prefixes %j with a quote', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });
  it.each(['Alice', "O'Brien", ' =padded', '2026-03-02T12:00:00.000Z', ''])('leaves %j alone', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell);
  });
});

describe('usageCsv', () => {
  it('writes the spec columns, quotes every field and round-trips awkward names', () => {
    const names = ['a,b', 'say "hi"', 'two\r\nlines', '\tTabbed'];
    const csv = usageCsv(
      names.map((name, i) => ({
        userId: `00000000-0000-4000-8000-00000000000${i}`,
        name,
        startTime: '2026-03-02T12:00:00.000Z',
        lastActive: '2026-03-02T12:05:00.000Z',
        status: null,
      })),
    );
    expect(csv.startsWith('\uFEFF"Student","First Activity","Last Active"\r\n')).toBe(true);
    expect(parseCsv(csv.slice(1)).map((r) => r[0])).toEqual([
      'Student',
      'a,b',
      'say "hi"',
      'two\r\nlines',
      "'\tTabbed",
    ]);
  });

  it('writes only the header for an empty report', () => {
    expect(parseCsv(usageCsv([]).slice(1))).toEqual([['Student', 'First Activity', 'Last Active']]);
  });
});
