import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundaries and conventions that `npm run check` enforces (docs/architecture.md), proven on small
// deliberate violations: each snippet is linted with the repository's own eslint.config.js as if it were
// the named file, the way `npm run lint` lints the real ones.

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The messages of the repository's rules for `code` as the file `file` (relative to the root). */
async function problems(file: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

const fires = async (file: string, code: string, rule: string, message: RegExp) =>
  expect(await problems(file, code)).toContainEqual({ rule, message: expect.stringMatching(message) });

const SERVER = 'lectern/server-boundaries';
const PUBLIC_ONLY = /through its public\.ts only/;

describe('server boundaries', () => {
  it("refuses another feature's internals, by any path and any kind of import", async () => {
    const q = 'server/src/features/questions/snippet.ts';
    await fires(q, "import { findLecture } from '../access/access.repository';\n", SERVER, PUBLIC_ONLY);
    await fires(q, "import type { LectureRow } from '../access/access.repository';\n", SERVER, PUBLIC_ONLY);
    await fires(q, "export { isReleased } from '../access/access.service';\n", SERVER, PUBLIC_ONLY);
    await fires(q, "export * from '../media/cleanup';\n", SERVER, PUBLIC_ONLY);
    // nested on either side
    await fires(q, "import { x } from '../media/processing/processing.repository';\n", SERVER, PUBLIC_ONLY);
    await fires(
      'server/src/features/videos/processing/snippet.ts',
      "import { x } from '../../media/cleanup';\n",
      SERVER,
      PUBLIC_ONLY,
    );
    // dynamic, and in a type position
    await fires(q, "export const load = () => import('../media/ingest');\n", SERVER, PUBLIC_ONLY);
    await fires(q, "export type I = import('../media/ingest').Ingested;\n", SERVER, PUBLIC_ONLY);
  });

  it('refuses a feature of the same or a higher layer, even through its public.ts', async () => {
    await fires(
      'server/src/features/questions/snippet.ts',
      "export const load = () => import('../meetings/public');\n",
      SERVER,
      /only features of lower layers/,
    );
  });

  it("refuses a repository function in a feature's public.ts, and lets its types through", async () => {
    const videosPublic = 'server/src/features/videos/public.ts';
    const REPOSITORY = /never repository functions/;
    await fires(videosPublic, "export { findVideo } from './videos.repository';\n", SERVER, REPOSITORY);
    await fires(
      videosPublic,
      "export * from './processing/pending-videos.repository';\n",
      SERVER,
      REPOSITORY,
    );
    await fires(
      'server/src/features/media/public.ts',
      "export { type ProcessingRow, insertProcessing } from './processing/processing.repository';\n",
      SERVER,
      REPOSITORY,
    );
    // Every feature, the authorization kernel included: no list of features is exempt any more.
    await fires(
      'server/src/features/access/public.ts',
      "export { findCourse } from './access.repository';\n",
      SERVER,
      REPOSITORY,
    );
    expect(
      await problems(
        'server/src/features/media/public.ts',
        [
          "export type { ProcessingRow } from './processing/processing.repository';",
          "export { type MediaFacts } from './media-files.repository';",
          "export { queueProcessing } from './processing/processing.jobs';",
        ].join('\n') + '\n',
      ),
    ).toEqual([]);
  });

  it('refuses a feature in the backbone below them', async () => {
    await fires(
      'server/src/lib/snippet.ts',
      "import { findVideo } from '../features/videos/public';\n",
      SERVER,
      /lib\/ sits below the features/,
    );
    await fires(
      'server/src/jobs/snippet.ts',
      "void import('../features/questions/public');\n",
      SERVER,
      /below/,
    );
  });

  it("lets a feature use a lower feature's public.ts and its own files", async () => {
    expect(
      await problems(
        'server/src/features/questions/snippet.ts',
        [
          "import { findVideo } from '../videos/public';",
          "import { findLecture } from '../access/public';",
          "import { toQuestionDto } from './questions.mapper';",
          'export const used = [findVideo, findLecture, toQuestionDto];',
        ].join('\n') + '\n',
      ),
    ).toEqual([]);
  });
});

const KEYS = /Query keys come from queryKeys/;
const WRITES = /mutation hooks/;

describe('web conventions', () => {
  const component = 'web/src/features/captions/components/Snippet.tsx';

  it('refuses a useMutation written in a component, and allows it in the mutation hooks', async () => {
    const code = [
      "import { useMutation } from '@tanstack/react-query';",
      'export const useSave = () => useMutation({ mutationFn: async () => 1 });',
    ].join('\n');
    await fires(component, code, 'no-restricted-imports', WRITES);
    await fires('web/src/app/routes/Snippet.tsx', code, 'no-restricted-imports', WRITES);
    expect(await problems('web/src/features/captions/api/snippet-mutations.ts', code)).toEqual([]);
  });

  it('refuses a query key written in place or kept outside the key module', async () => {
    const read = (key: string) =>
      [
        "import { useQuery } from '@tanstack/react-query';",
        "import { captionKeys } from '../api/keys';",
        `export const useRead = (id: string) => useQuery({ queryKey: ${key}, queryFn: async () => id });`,
      ].join('\n');
    await fires(component, read("['captions', id]"), 'no-restricted-syntax', KEYS);
    await fires(component, read('captionKeys.tracks(id)'), 'no-restricted-syntax', KEYS);
    await fires(component, read('captionKeys.all'), 'no-restricted-syntax', KEYS);
    await fires(
      component,
      [
        "import type { QueryClient } from '@tanstack/react-query';",
        "export const drop = (client: QueryClient) => client.setQueryData(['captions'], null);",
      ].join('\n'),
      'no-restricted-syntax',
      KEYS,
    );
  });

  it('lets reads and writes name the keys of lib/query-keys.ts', async () => {
    expect(
      await problems(
        component,
        [
          "import { type QueryClient, useQuery } from '@tanstack/react-query';",
          "import { queryKeys } from '../../../lib/query-keys';",
          'export const useRead = (id: string) =>',
          '  useQuery({ queryKey: queryKeys.questions.one(id), queryFn: async () => id });',
          'export const drop = (client: QueryClient, id: string) =>',
          '  client.invalidateQueries({ queryKey: queryKeys.captions.all }) &&',
          '  client.setQueryData(queryKeys.lectures.detail(id), null);',
        ].join('\n') + '\n',
      ),
    ).toEqual([]);
  });
});
