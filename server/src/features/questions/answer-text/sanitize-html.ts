import {
  ANSWER_HTML_ELEMENTS as HTML_ELEMENTS,
  ANSWER_MATHML_ATTRIBUTES as MATHML_ATTRIBUTES,
  ANSWER_MATHML_ELEMENTS,
} from '@lectern/shared';
import { type DefaultTreeAdapterTypes as T, html as namespaces, parseFragment, serialize } from 'parse5';

// The allow-list every rendered answer passes before it is stored (docs/security.md, issue 24). The HTML is
// parsed by parse5, the WHATWG parser browsers follow, so what is checked here is the tree a browser
// builds. Only the elements markdown-it and KaTeX's MathML make survive, with the attributes they need and
// no `style` at all; anything else goes with its content, since nothing we render makes it. Links keep
// http(s), mailto and in-page targets only. The browser sanitises again with DOMPurify before inserting.

const MATHML_ELEMENTS: ReadonlySet<string> = new Set(ANSWER_MATHML_ELEMENTS);

/** Class values a rendered answer uses: KaTeX's wrappers, our maths block and a fence's language. */
const ALLOWED_CLASS: Record<string, RegExp> = {
  span: /^katex(-display)?$/,
  div: /^math-block$/,
  code: /^language-[A-Za-z0-9_+#-]{1,40}$/,
};

/** Absolute http(s) and mailto links, and in-page `#fragments`; nothing else (no relative paths either). */
const SAFE_URL = /^(?:https?:\/\/|mailto:|#)/i;

const isElement = (node: T.ChildNode): node is T.Element => 'tagName' in node && 'attrs' in node;

function allowedAttributes(element: T.Element, inMath: boolean): T.Element['attrs'] | null {
  if (inMath) {
    if (element.namespaceURI !== namespaces.NS.MATHML || !MATHML_ELEMENTS.has(element.tagName)) return null;
    return element.attrs.filter(
      (a) =>
        !a.namespace &&
        MATHML_ATTRIBUTES.includes(a.name) &&
        (a.name !== 'encoding' || a.value === 'application/x-tex'),
    );
  }
  const names: readonly string[] | undefined = HTML_ELEMENTS[element.tagName];
  if (element.namespaceURI !== namespaces.NS.HTML || !names) return null;
  const kept = element.attrs.filter((a) => {
    if (a.namespace || !names.includes(a.name)) return false;
    if (a.name === 'class') return ALLOWED_CLASS[element.tagName]?.test(a.value) ?? false;
    if (a.name === 'href') return SAFE_URL.test(a.value.trim());
    if (a.name === 'start') return /^\d{1,9}$/.test(a.value);
    return true;
  });
  if (element.tagName === 'a') kept.push({ name: 'rel', value: 'nofollow noopener noreferrer' });
  return kept;
}

/** Keeps what the allow-list names, below `parent`, in place. */
function clean(parent: T.ParentNode, inMath: boolean): void {
  parent.childNodes = parent.childNodes.filter((node) => {
    if (node.nodeName === '#text') return true;
    if (!isElement(node)) return false; // comments, doctypes
    const entering = inMath || (node.tagName === 'math' && node.namespaceURI === namespaces.NS.MATHML);
    const attrs = allowedAttributes(node, entering);
    if (attrs === null) return false;
    node.attrs = attrs;
    clean(node, entering);
    return true;
  });
}

const once = (html: string): string => {
  const fragment = parseFragment(html);
  clean(fragment, false);
  return serialize(fragment);
};

/**
 * `html` with only allowed elements and attributes. What comes out is parsed and cleaned once more and
 * must come out the same: HTML that changes when read again (mutation XSS) is refused, not stored.
 */
export function sanitizeHtml(html: string): string {
  const cleaned = once(html);
  if (once(cleaned) !== cleaned) throw new Error('The rendered answer is not stable under sanitising');
  return cleaned;
}
