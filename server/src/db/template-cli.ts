import { makePgliteTemplate } from './pglite-template';

// `node server/dist/pglite-template.js <dir>` (scripts/lib/pglite-template.mjs runs it in a process of
// its own, so initdb's memory goes when it exits).
const [dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: pglite-template <dir>');
await makePgliteTemplate(dir);
