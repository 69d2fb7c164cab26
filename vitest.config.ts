import { configDefaults, defineConfig } from 'vitest/config';

// One runner for every layer. API tests run once per database: PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it).
const apiTests = ['server/src/**/*.api.test.ts', 'server/test/**/*.api.test.ts'];
// The embedded database's own durability tests (kill -9, data-dir lock) have no PostgreSQL twin: after a
// kill -9 a PostgreSQL job lease takes a minute to expire. The nginx media delivery and slow-client tests
// are about delivery, sockets and descriptors, not the database's kind.
const pgliteOnly = [
  'server/test/durability.api.test.ts',
  'server/test/slow-clients.api.test.ts',
  'server/src/features/videos/processing-crash.api.test.ts',
  'server/src/features/videos/media-accel.api.test.ts',
  'server/test/startup-failure.api.test.ts', // its server is on the embedded database either way
  'server/test/graceful-shutdown.api.test.ts', // likewise
  'server/src/db/pglite-data-dir.api.test.ts',
];
// Only a real PostgreSQL server can cut a server's connections, or host several instances on one
// database (the embedded one belongs to one process). The list plans are PostgreSQL's (JIT included).
const postgresOnly = [
  'server/src/features/questions/list-plans.api.test.ts',
  'server/src/features/events/events-reconnect.api.test.ts',
  'server/src/features/events/notices-instances.api.test.ts',
  'server/src/events/outbox-concurrent.api.test.ts',
  'server/test/two-instances.api.test.ts',
  'server/test/multi-instance.api.test.ts',
  'server/src/features/videos/upload-tus-instances.api.test.ts',
  'server/src/lib/shared-state/postgres-shared-state.api.test.ts',
  'server/test/startup-failure-postgres.api.test.ts',
  'server/src/features/lectures/duplicate-interrupted.api.test.ts',
];
// Ceilings, not expectations (issue 26): on a busy 2-core machine a test runs many times slower than on a
// quiet one, so a test may take minutes before it is called stuck. Waits inside tests follow what they
// await (health, an event, a frame); these bound them. expect.poll's own default is 1 s.
const ceilings = (testTimeout: number) => ({
  testTimeout,
  hookTimeout: 300_000,
  expect: { poll: { timeout: 30_000 } },
});

const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: apiTests,
    exclude: [...configDefaults.exclude, ...(db === 'postgres' ? pgliteOnly : postgresOnly)],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    env: { LECTERN_TEST_DB: db },
    ...ceilings(180_000),
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['shared/src/**/*.test.ts'],
          environment: 'node',
          ...ceilings(60_000),
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          ...ceilings(60_000),
        },
      },
      // The npm scripts themselves (start, dev, demo, eval), run as a developer runs them.
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts', 'eval/**/*.test.ts'],
          environment: 'node',
          ...ceilings(600_000),
        },
      },
      {
        test: {
          name: 'server-unit',
          include: ['server/src/**/*.test.ts'],
          exclude: apiTests,
          environment: 'node',
          ...ceilings(60_000),
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.spec.ts'],
          // The journeys across two instances need PostgreSQL, as api-postgres does.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? [] : ['e2e/tests/**/*.postgres.spec.ts']),
          ],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // One file at a time (Vitest gives the project one worker): a room of four is four Chromium
          // pages encoding and decoding three calls each, and needs a 2-core machine to itself (issue 21).
          // scripts/e2e-one-at-a-time.test.ts holds this in place.
          fileParallelism: false,
          ...ceilings(300_000),
        },
      },
    ],
  },
});
