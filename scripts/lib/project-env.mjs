// What `npm start`, `npm run dev` and `npm run demo` agree on: the repository root, its .env file and
// where the data lives.
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** Reads .env beside package.json (see .env.example) into process.env; the real environment wins. */
export function loadDotEnv() {
  const file = path.join(root, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

/** DATA_DIR as an absolute path, relative ones taken from the repository root (default ./data). */
export const dataDir = () => path.resolve(root, process.env.DATA_DIR || 'data');
