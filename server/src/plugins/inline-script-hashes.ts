import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** An inline script: a <script> with no attributes, whose text the browser runs. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of the web build's pages (web/build-tools/
 * inline-scripts.ts puts the early reads there), read once at start: the CSP allows exactly those
 * scripts and no other inline one. A build without pages has none.
 */
export function inlineScriptHashes(webDistDir: string): string[] {
  const pages = fs.existsSync(webDistDir)
    ? fs.readdirSync(webDistDir).filter((f) => f.endsWith('.html'))
    : [];
  const hashes = new Set<string>();
  for (const page of pages) {
    const html = fs.readFileSync(path.join(webDistDir, page), 'utf8');
    for (const [, text] of html.matchAll(INLINE_SCRIPT))
      hashes.add(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
  }
  return [...hashes];
}
