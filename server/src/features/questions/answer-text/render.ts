import { MAX_ANSWER_NESTING, MAX_ANSWER_TEXT, MAX_NESTED_LISTS } from '@lectern/shared';
import katex from 'katex';
import MarkdownIt, { type Token } from 'markdown-it';
import { badRequest } from '../../../lib/errors';
import { mathRules } from './math-rules';
import { sanitizeHtml } from './sanitize-html';

// An answer in words (issue 24): Markdown (CommonMark, tables, strikethrough) with LaTeX maths and fenced
// code, rendered once when written, then sanitised (sanitize-html.ts) and stored beside its source.
// Raw HTML is off: `<b>` shows as text. Images are off (an image from elsewhere tells its host who reads
// the answer): `![x](url)` stays a link. Maths is KaTeX's MathML alone, which browsers draw natively, so no
// KaTeX stylesheet, font or style attribute is needed. trust is off (no \href, \url, \htmlClass, …), and
// maxSize and maxExpand bound what a formula may draw and how far macros may expand.

const KATEX_OPTIONS = {
  output: 'mathml',
  throwOnError: true,
  trust: false,
  strict: 'ignore',
  maxSize: 20, // em
  maxExpand: 200,
} as const;

/** markdown-it stops nesting here (silently); deeper than MAX_ANSWER_NESTING is refused before that. */
const PARSER_NESTING_CAP = MAX_ANSWER_NESTING + 4;

const markdown = new MarkdownIt('default', {
  html: false,
  linkify: true,
  typographer: false,
  maxNesting: PARSER_NESTING_CAP,
})
  .disable('image')
  .use(mathRules);

/** Shows a formula, or says which one cannot be shown and why (400). */
function renderMath(tex: string, displayMode: boolean): string {
  try {
    return katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode });
  } catch (error) {
    const why = error instanceof katex.ParseError ? error.rawMessage : 'it is too large or too deep';
    const shown = tex.length > 40 ? `${tex.slice(0, 40)}…` : tex;
    throw badRequest(`The maths "${shown}" cannot be shown: ${why}`);
  }
}

markdown.renderer.rules.math_inline = (tokens, i) => renderMath(tokens[i]!.content, false);
markdown.renderer.rules.math_display = (tokens, i) => renderMath(tokens[i]!.content, true);
markdown.renderer.rules.math_block = (tokens, i) =>
  `<div class="math-block">${renderMath(tokens[i]!.content, true)}</div>\n`;

type Tokens = Token[];

/** KaTeX takes about 0.8 ms a formula here: 2,000 small ones took 1.6 s; this many take a quarter of it. */
const MAX_FORMULAS = 300;

const isMath = (type: string) => type.startsWith('math_');

/** How deep blocks (lists, quotes) and, inside them, inline marks (emphasis, links) nest; how many formulas. */
function measure(tokens: Tokens): { deepest: number; formulas: number } {
  let deepest = 0;
  let formulas = 0;
  for (const token of tokens) {
    deepest = Math.max(deepest, token.level);
    if (isMath(token.type)) formulas += 1;
    for (const child of token.children ?? []) {
      deepest = Math.max(deepest, token.level + child.level);
      if (isMath(child.type)) formulas += 1;
    }
  }
  return { deepest, formulas };
}

/** The answer's HTML, sanitised; a 400 saying why when the text is too long, too deep or has bad maths. */
export function renderAnswerText(source: string): string {
  if (source.length > MAX_ANSWER_TEXT)
    throw badRequest(`An answer may have at most ${MAX_ANSWER_TEXT.toLocaleString('en-US')} characters`);
  const tokens = markdown.parse(source, {});
  const { deepest, formulas } = measure(tokens);
  if (deepest >= MAX_ANSWER_NESTING)
    throw badRequest(`Lists and quotes nest too deeply: at most ${MAX_NESTED_LISTS} inside each other`);
  if (formulas > MAX_FORMULAS) throw badRequest(`An answer may have at most ${MAX_FORMULAS} formulas`);
  return sanitizeHtml(markdown.renderer.render(tokens, markdown.options, {}));
}
