// Plain JavaScript: the instructor-lists bench (bench/scenarios) seeds with it too.
import fs from 'node:fs';
import path from 'node:path';

const template = fs.readFileSync(path.join(import.meta.dirname, 'bulk-questions.sql'), 'utf8');
const safe = /^[\w-]+$/;

/**
 * The bulk seed's statements for these values, one per string (ids, tags and counts only, so no quoting).
 * @param {import('./bulk-questions.d.mts').BulkQuestions} values
 */
export function bulkQuestionsSql(values) {
  const text = template.replace(/^\s*--.*$/gm, '').replace(/\{\{(\w+)\}\}/g, (_, name) => {
    const value = String(values[name]);
    if (!safe.test(value)) throw new Error(`Unsafe bulk seed value for ${name}`);
    return value;
  });
  return text
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
}
