import { ANSWER_HTML_ELEMENTS, ANSWER_MATHML_ATTRIBUTES, ANSWER_MATHML_ELEMENTS } from '@lectern/shared';
import DOMPurify from 'dompurify';

// The browser's own pass over an answer's HTML before it is inserted (issue 24): the server rendered and
// sanitised it already (docs/security.md); this holds if that ever failed. The same allow-list as the
// server's (shared/src/answer-html.ts): HTML and KaTeX's MathML (its TeX source sits in <annotation>,
// which browsers do not draw), no style, links to http(s), mailto and in-page targets only.

const ATTRIBUTES = [
  ...new Set([...Object.values(ANSWER_HTML_ELEMENTS).flat(), ...ANSWER_MATHML_ATTRIBUTES, 'rel']),
];

const CONFIG = {
  ALLOWED_TAGS: [...Object.keys(ANSWER_HTML_ELEMENTS), ...ANSWER_MATHML_ELEMENTS],
  ALLOWED_ATTR: ATTRIBUTES,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
  // DOMPurify holds every attribute it does not know as safe to the URL rule; only href is a URL here.
  ADD_URI_SAFE_ATTR: ATTRIBUTES.filter((name) => name !== 'href'),
};

/** `html` with nothing that can run or load, as text (what the tests compare). */
export const sanitizeAnswerHtml = (html: string): string => DOMPurify.sanitize(html, CONFIG);

/**
 * The same as nodes to append: the page inserts DOMPurify's own tree, so no HTML string is parsed again
 * after sanitising, and the lint's ban on injecting HTML (SECURITY VAL-3) holds.
 */
export const sanitizedAnswerNodes = (html: string): DocumentFragment =>
  DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
