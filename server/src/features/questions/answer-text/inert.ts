import { type DefaultTreeAdapterTypes as T, parseFragment } from 'parse5';

// What makes HTML run script or load something, judged on the tree a browser builds from it, apart from
// the sanitiser's own allow-list: the XSS tests ask this, so a sanitiser that let one through fails them.

const ACTIVE_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'style',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'svg',
  'img',
  'image',
  'video',
  'audio',
  'source',
  'template',
  'noscript',
  'foreignobject',
  'annotation-xml',
  'maction',
  'mglyph',
  'animate',
  'set',
  'use',
  'details',
  'body',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'background']);
const SAFE_URL = /^(?:https?:\/\/|mailto:|#)/i;

/** Every way `html` could run script or fetch, as readable findings (empty when inert). */
export function activeParts(html: string): string[] {
  const found: string[] = [];
  const walk = (parent: T.ParentNode) => {
    for (const node of parent.childNodes) {
      if (!('tagName' in node)) continue;
      const tag = node.tagName.toLowerCase();
      if (ACTIVE_ELEMENTS.has(tag)) found.push(`<${tag}>`);
      for (const { name, value, prefix } of node.attrs) {
        const full = (prefix ? `${prefix}:${name}` : name).toLowerCase();
        if (full.startsWith('on') || full === 'style' || full === 'srcdoc') found.push(`${tag} ${full}`);
        if (URL_ATTRIBUTES.has(full) && !SAFE_URL.test(value.trim())) found.push(`${tag} ${full}=${value}`);
      }
      walk(node);
      if (tag === 'template') walk((node as T.Template).content);
    }
  };
  walk(parseFragment(html));
  return found;
}
