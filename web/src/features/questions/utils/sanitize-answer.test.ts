// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeAnswerHtml, sanitizedAnswerNodes } from './sanitize-answer';

// DOMPurify over jsdom, as in the browser: what the server sends passes, anything that runs does not.

const inert = (html: string) => {
  const box = document.createElement('div');
  box.replaceChildren(sanitizedAnswerNodes(html)); // as AnswerTextContent inserts it
  const found: string[] = [];
  for (const el of box.querySelectorAll('*')) {
    if (/^(script|iframe|object|embed|style|img|svg|form|input|base|meta|link)$/i.test(el.localName))
      found.push(el.localName);
    for (const attr of el.attributes) {
      if (/^on|^style$|^srcdoc$/i.test(attr.name)) found.push(`${el.localName} ${attr.name}`);
      if (/href|src|action/i.test(attr.name) && !/^(https?:|mailto:|#)/i.test(attr.value))
        found.push(`${el.localName} ${attr.name}=${attr.value}`);
    }
  }
  return found;
};

describe('the browser sanitises an answer again before inserting it', () => {
  it('keeps what the server renders: MathML with its TeX annotation, code, tables, links', () => {
    const html =
      '<p>It is <span class="katex"><math><semantics><mrow><msubsup><mo>∫</mo><mn>0</mn><mn>1</mn></msubsup>' +
      '<mi mathvariant="normal">x</mi></mrow><annotation encoding="application/x-tex">\\int_0^1 x</annotation></semantics></math></span></p>' +
      '<pre><code class="language-python">print("half")\n</code></pre>' +
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>' +
      '<p><a href="https://example.org" rel="nofollow noopener noreferrer">see</a></p>';
    expect(sanitizeAnswerHtml(html)).toBe(html);
    const box = document.createElement('div');
    box.replaceChildren(sanitizedAnswerNodes(html));
    expect(box.innerHTML).toBe(html);
    expect(box.querySelector('math')?.namespaceURI).toBe('http://www.w3.org/1998/Math/MathML');
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)></svg>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt&colon;alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<p style="background:url(javascript:alert(1))" onclick="alert(1)">x</p>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<math href="javascript:alert(1)"><mi>x</mi></math>',
    '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
    '<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>',
    '<form action="javascript:alert(1)"><button>x</button></form>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<details open ontoggle=alert(1)>x</details>',
  ])('makes %s inert', (payload) => {
    expect(inert(payload)).toEqual([]);
  });
});
