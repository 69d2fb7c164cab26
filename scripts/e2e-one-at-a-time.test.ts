import path from 'node:path';
import { expect, it } from 'vitest';
import { createVitest } from 'vitest/node';

// A room of four is four Chromium pages each encoding and decoding three calls: on a 2-core machine it
// needs the machine to itself (issue 21). Vitest runs a project's files in parallel unless the project
// turns that off; vitest.config.ts does for the browser journeys, which Vitest resolves to one worker.

const root = path.resolve(import.meta.dirname, '..');

it('runs the browser journeys one file at a time, so a room never shares the machine with another journey', async () => {
  const vitest = await createVitest('test', {
    watch: false,
    root,
    config: path.join(root, 'vitest.config.ts'),
  });
  try {
    const e2e = vitest.projects.find((project) => project.name === 'e2e');
    expect(e2e?.config.maxWorkers).toBe(1);
    expect(e2e?.config.fileParallelism).toBe(false);
  } finally {
    await vitest.close();
  }
});
