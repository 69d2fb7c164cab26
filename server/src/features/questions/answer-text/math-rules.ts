import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';

// LaTeX maths in Markdown: `$…$` inline and `$$…$$` (inline, or as a block of its own lines). The tokens
// carry the TeX source; render.ts turns them into KaTeX's MathML. Pandoc's rule keeps prices plain
// text: an opening `$` is followed by a non-space, a closing one follows a non-space and no digit follows it.

const DOLLAR = 0x24;
const BACKSLASH = 0x5c;
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/**
 * Where a `$` (or `$$`) may close maths in an inline text, found in one pass and kept for the text's other
 * openings: a scan per `$` made text full of them quadratic (6,600 `$x ` took 590 ms).
 */
const closings = new WeakMap<StateInline, { single: number[]; double: number[] }>();

function closingsOf(state: StateInline) {
  let found = closings.get(state);
  if (found) return found;
  found = { single: [], double: [] };
  const src = state.src;
  for (let at = src.indexOf('$'); at !== -1; at = src.indexOf('$', at + 1)) {
    if (src.charCodeAt(at - 1) === BACKSLASH) continue;
    if (src.charCodeAt(at + 1) === DOLLAR) found.double.push(at);
    if (!isSpace(src.charCodeAt(at - 1)) && !isDigit(src.charCodeAt(at + 1))) found.single.push(at);
  }
  closings.set(state, found);
  return found;
}

/** The first position in the sorted `positions` at or after `from`, or -1. */
function firstFrom(positions: number[], from: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (positions[mid]! < from) low = mid + 1;
    else high = mid;
  }
  return low < positions.length ? positions[low]! : -1;
}

function inlineMath(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== DOLLAR) return false;
  const display = state.src.charCodeAt(start + 1) === DOLLAR;
  const open = display ? 2 : 1;
  if (!display && isSpace(state.src.charCodeAt(start + 1))) return false;
  const found = closingsOf(state);
  const end = firstFrom(display ? found.double : found.single, start + open);
  if (end === -1 || end > state.posMax) return false;
  const content = state.src.slice(start + open, end);
  if (content.trim() === '') return false;
  if (!silent) {
    const token = state.push(display ? 'math_display' : 'math_inline', 'math', 0);
    token.content = content;
    token.markup = display ? '$$' : '$';
  }
  state.pos = end + open;
  return true;
}

const lineOf = (state: StateBlock, line: number) =>
  state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);

/** `$$` at the start of a line opens a block that ends at the line ending with `$$` (or the text's end). */
function blockMath(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false; // an indented code block
  const first = lineOf(state, startLine);
  if (!first.startsWith('$$')) return false;
  if (silent) return true;
  const lines: string[] = [];
  let line = startLine;
  let rest = first.slice(2);
  for (;;) {
    const trimmed = rest.trimEnd();
    if (trimmed.endsWith('$$')) {
      lines.push(trimmed.slice(0, -2));
      break;
    }
    lines.push(rest);
    line += 1;
    if (line >= endLine || state.sCount[line]! < state.blkIndent) break;
    rest = lineOf(state, line);
  }
  state.line = Math.min(line + 1, endLine);
  const token = state.push('math_block', 'math', 0);
  token.block = true;
  token.content = lines.join('\n');
  token.markup = '$$';
  token.map = [startLine, state.line];
  return true;
}

export function mathRules(md: MarkdownIt): void {
  md.inline.ruler.after('escape', 'math_inline', inlineMath);
  md.block.ruler.before('fence', 'math_block', blockMath, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
}
