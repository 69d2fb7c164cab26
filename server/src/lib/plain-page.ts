const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page the server itself answers a browser with (a refused launch or sign-on, a step to take): a heading
 * and one plain sentence, never a stack trace; `link` adds where to go next.
 */
export const plainPage = (
  title: string,
  message: string,
  link?: { href: string; text: string },
): string => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2328}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${
  link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''
}</main></body>
</html>
`;

/**
 * A browser flow refused (a launch, a sign-on): `reason` names the check for the security log, `message` is
 * what the person reads on the plain page.
 */
export class PageRefusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}
