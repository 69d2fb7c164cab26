import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate, preparePostgresTemplate } from './test-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** Parent of every test app's data dir, removed after the run. */
    testDataRoot: string;
  }
}

/** Vitest prints a global setup's error without saying whose it is. */
const failed = (project: TestProject, error: unknown) =>
  new Error(
    `The ${project.name} tests' global setup (server/test/global-setup.ts) failed: ${(error as Error).message}`,
    {
      cause: error,
    },
  );

/** Runs once per API project: migrates the template every test file copies. */
export default async function setup(project: TestProject): Promise<() => void> {
  // Data dirs are removed here, after the run, not when each app closes: @tus/file-store creates its
  // directory in the background and throws if the parent vanished first.
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-test-data-'));
  project.provide('testDataRoot', dataRoot);
  const removeDataRoot = () => fs.rmSync(dataRoot, { recursive: true, force: true });
  // The project's `env` reaches its test workers, not this process: read it from the project's config.
  if (project.config.env.LECTERN_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
    await preparePostgresTemplate(url).catch((error: unknown) => {
      removeDataRoot();
      throw failed(project, error);
    });
    project.provide('pgliteTemplate', '');
    return removeDataRoot;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-pglite-template-'));
  const removeAll = () => {
    fs.rmSync(dir, { recursive: true, force: true });
    removeDataRoot();
  };
  await preparePgliteTemplate(dir).catch((error: unknown) => {
    removeAll();
    throw failed(project, error);
  });
  project.provide('pgliteTemplate', dir);
  return removeAll;
}
