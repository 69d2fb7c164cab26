// The table: every scenario reports its headline figures here, as ours, reference and ratio
// measured in the same run, and `npm run bench` prints them together at the end.
const rows = [];

/**
 * One row of the summary, printed at once and again at the end.
 * `ours` and `reference` are display strings with units ("1,240 MiB/s"); `ratio` is ours ÷ reference as
 * the reader should compare it (omit it when there is no reference); `aim` says what counts as good.
 */
export function tableRow({ what, ours, reference = '—', ratio, aim = '—' }) {
  const row = { what, ours, reference, ratio: ratio === undefined ? '—' : `${ratio.toFixed(2)}×`, aim };
  rows.push(row);
  console.log(`  ▸ ${what}: ${ours} | reference ${reference} | ${row.ratio} | aim ${aim}`);
}

/** The collected rows as a Markdown table, ready for a closing note. */
export function printTable() {
  if (!rows.length) return;
  const head = ['what', 'Lectern', 'reference', 'ratio', 'aim'];
  const lines = [
    head,
    head.map(() => '---'),
    ...rows.map((r) => [r.what, r.ours, r.reference, r.ratio, r.aim]),
  ];
  console.log('\n== summary');
  for (const cells of lines) console.log(`| ${cells.join(' | ')} |`);
}
