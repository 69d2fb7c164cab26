import fs from 'node:fs';
import path from 'node:path';

// The server package's folder (server/). Files read at run time (migrations, the password list, the web
// build) are found from it, since this module runs both from its source (server/src/lib) and bundled
// into server/dist/main.js, where import.meta.dirname names another folder.
function packageDir(dir: string): string {
  if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error(`no package.json above ${import.meta.dirname}`);
  return packageDir(parent);
}

export const serverDir = packageDir(import.meta.dirname);
