// BigBlueButton answers in small, flat XML documents (BBB §3). Only a few known elements are read, so
// a tag reader is enough; nothing here is rendered or evaluated.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  const unwrapped = text.replace(/^<!\[CDATA\[([\s\S]*)\]\]>$/, '$1');
  return unwrapped.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

/** Every `<tag>…</tag>` body, in document order (not nested in itself). */
export function elements(xml: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g');
  return [...xml.matchAll(pattern)].map((m) => m[1]!);
}

/** The text of the first `<tag>`, trimmed and decoded; undefined when absent. */
export function text(xml: string, tag: string): string | undefined {
  const [body] = elements(xml, tag);
  return body === undefined ? undefined : decode(body.trim());
}
