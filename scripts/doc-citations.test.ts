import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Code and docs cite the product (`SPEC §4`, in the docs also `product §4`), the design (`DESIGN §5.6`),
// the security requirements (`SECURITY AC-10`, `SECURITY §2.3`) and BigBlueButton's API as Lectern uses
// it (`BBB §2`). Each must resolve to a numbered heading or a requirement of the repository's own docs,
// so that a fresh clone explains itself (issue 26).

const root = path.resolve(import.meta.dirname, '..');
/** How a citation names its document → the document. */
const DOCS = {
  SPEC: 'docs/product.md',
  product: 'docs/product.md',
  DESIGN: 'docs/design.md',
  SECURITY: 'docs/security.md',
  BBB: 'docs/bigbluebutton.md',
} as const;
type Doc = keyof typeof DOCS;
const CITED_AS = Object.keys(DOCS).join('|');

// What git ignores (builds, databases, generated media, screenshots) and dot-folders hold no citations.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'data-demo', 'generated', 'test-results']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|html|css|sql|sh|yml|yaml|conf)$/;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.'))
        yield* sourceFiles(path.join(dir, entry.name));
    } else if (TEXT_FILE.test(entry.name)) yield path.join(dir, entry.name);
  }
}

const readDoc = (doc: Doc) => fs.readFileSync(path.join(root, DOCS[doc]), 'utf8');

/** The numbers of a document's numbered headings: `## 4. States` → 4, `### 5.6 Votes toggle` → 5.6. */
const sectionsOf = (doc: Doc) =>
  new Set([...readDoc(doc).matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((m) => m[1]!));

/** The requirement ids of docs/security.md: the first cell of a requirement row, `| AC-10 | … |`. */
const requirementIds = () =>
  new Set([...readDoc('SECURITY').matchAll(/^\| ([A-Z]+-\d+) \|/gm)].map((m) => m[1]!));

interface Citation {
  file: string;
  line: number;
  doc: Doc;
  target: string; // a section number (`5.6`), or a requirement id (`AC-10`)
}

// `SPEC §5, §6 and §8` and `SECURITY AC-4, AC-6` cite several targets; `RL-1 to RL-4` a range, both ends
// of which must exist.
const SECTION_OR_ID = '(?:§ ?\\d+(?:\\.\\d+)*|[A-Z]+-\\d+)';
const CITATION = new RegExp(
  `\\b(${CITED_AS}) (${SECTION_OR_ID})((?:(?:, | and | or | to |\\/)${SECTION_OR_ID})*)`,
  'g',
);
/** A § followed by a word rather than a number (a heading's name) resolves to nothing. */
const UNNUMBERED = new RegExp(`\\b(${CITED_AS}) § ?[^\\d\\s]`);
const TARGET = /§ ?(\d+(?:\.\d+)*)|\b([A-Z]+-\d+)/g;

/** Every text file of the tree, as lines. */
const sources = [...sourceFiles(root)].map((file) => ({
  file: path.relative(root, file),
  lines: fs.readFileSync(file, 'utf8').split('\n'),
}));

const citations: Citation[] = sources.flatMap(({ file, lines }) =>
  lines.flatMap((text, index) =>
    [...text.matchAll(CITATION)].flatMap((match) =>
      [...`${match[2]}${match[3]}`.matchAll(TARGET)].map((target) => ({
        file,
        line: index + 1,
        doc: match[1] as Doc,
        target: target[1] ?? target[2]!,
      })),
    ),
  ),
);

describe('citations of the product, design and security documents', () => {
  it('finds the citations it checks', () => {
    // A pattern that silently matched nothing would pass every check below.
    for (const doc of ['SPEC', 'DESIGN', 'SECURITY'] as const)
      expect(citations.filter((c) => c.doc === doc).length).toBeGreaterThan(20);
  });

  it('resolves every cited section to a numbered heading of its document', () => {
    const sections = new Map((Object.keys(DOCS) as Doc[]).map((doc) => [doc, sectionsOf(doc)]));
    const ids = requirementIds();
    const resolves = (c: Citation) =>
      /^\d/.test(c.target) ? sections.get(c.doc)!.has(c.target) : c.doc === 'SECURITY' && ids.has(c.target);
    const unresolved = citations
      .filter((c) => !resolves(c))
      .map((c) => `${c.file}:${c.line} ${c.doc} ${c.target}`);
    expect(unresolved).toEqual([]);
  });

  it('names only requirement ids that exist, with or without the SECURITY prefix', () => {
    const ids = requirementIds();
    const prefixes = [...new Set([...ids].map((id) => id.replace(/-\d+$/, '')))].join('|');
    const named = new RegExp(`\\b(?:${prefixes})-\\d+\\b`, 'g');
    const unknown = sources.flatMap(({ file, lines }) =>
      lines.flatMap((text, index) =>
        [...text.matchAll(named)].filter(([id]) => !ids.has(id)).map(([id]) => `${file}:${index + 1} ${id}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('cites no markdown document that is not in the repository', () => {
    const documents = new Set(sources.map(({ file }) => path.basename(file)));
    const outside = sources.flatMap(({ file, lines }) =>
      lines.flatMap((text, index) =>
        [...text.matchAll(/\b([\w-]+\.md) §/g)]
          .filter(([, name]) => !documents.has(name!))
          .map(([cited]) => `${file}:${index + 1} ${cited}`),
      ),
    );
    expect(outside).toEqual([]);
  });

  it('cites sections by number', () => {
    const unnumbered = sources.flatMap(({ file, lines }) =>
      lines.flatMap((text, index) => (UNNUMBERED.test(text) ? [`${file}:${index + 1}`] : [])),
    );
    expect(unnumbered).toEqual([]);
  });
});

describe('docs/security.md', () => {
  const text = readDoc('SECURITY');
  const coverageRows = [...text.matchAll(/^\| ([A-Z]+-\d+) [^|]+\| ([^|]+) \|/gm)];

  // The checklist grows with the product (VAL-6, answers in words); a requirement dropped by mistake fails.
  it('states the 49 checklist requirements and the 12 fault injections', () => {
    const ids = [...requirementIds()];
    expect(ids.filter((id) => !id.startsWith('FI-'))).toHaveLength(49);
    expect(ids.filter((id) => id.startsWith('FI-'))).toEqual(
      Array.from({ length: 12 }, (_, i) => `FI-${i + 1}`),
    );
  });

  it('gives every requirement a row of the tests that prove it', () => {
    const covered = new Set(coverageRows.map((row) => row[1]!));
    expect([...requirementIds()].filter((id) => !covered.has(id))).toEqual([]);
  });

  it('names test files that exist', () => {
    // The table's shorthand (its introduction): a feature's folder is under server/src/features/, lib/ and
    // plugins/ under server/src/, anything else from the repository's root.
    const bases = ['', 'server/src/features/', 'server/src/', 'server/test/'];
    const named = [...text.matchAll(/`([\w./-]+\.(?:test|spec)\.tsx?)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((file) => !bases.some((base) => fs.existsSync(path.join(root, base, file))))).toEqual(
      [],
    );
  });
});
