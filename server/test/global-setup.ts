import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate, preparePostgresTemplate } from './test-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Runs once per API project: migrates the template every test file copies. */
export default async function setup(project: TestProject): Promise<() => void> {
  // The project's `env` reaches its test workers, not this process: read it from the project's config.
  if (project.config.env.LECTERN_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
    await preparePostgresTemplate(url);
    project.provide('pgliteTemplate', '');
    return () => undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-pglite-template-'));
  await preparePgliteTemplate(dir);
  project.provide('pgliteTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
