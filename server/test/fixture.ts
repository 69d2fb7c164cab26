import { afterAll, afterEach, beforeAll } from 'vitest';
import { type Caller, caller } from './calls';
import { type EventStreamClient, openEventStream } from './event-stream-client';
import type { TestUser } from './factories';
import { type TestApp, type TestAppOptions, createTestApp } from './test-app';
import { type World, buildWorld } from './world';

// One set-up for the API tests of a describe block: the app on its own database, a seeded world and a
// caller, made in beforeAll and closed in afterAll. The objects are returned at once, empty, and filled
// in beforeAll, so a block names them at its top (`const { t, w } = worldFixture()`) and its helpers and
// tests read them as usual. A block that needs more registers its own beforeAll after this call: hooks
// run in the order they were registered, and afterAll ones in reverse.

export interface AppFixture<W> {
  t: TestApp;
  w: W;
  /** call() bound to this app, user first. */
  call: Caller;
}

export interface FixtureOptions {
  /** The app's options; a function when they are made in an earlier beforeAll (a mailer on a live server). */
  app?: TestAppOptions | (() => TestAppOptions);
}

/** The app with the world `build` seeds. */
export function appFixture<W extends object>(
  build: (t: TestApp) => Promise<W>,
  options: FixtureOptions = {},
): AppFixture<W> {
  const t = {} as TestApp;
  const w = {} as W;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(typeof options.app === 'function' ? options.app() : options.app));
    Object.assign(w, await build(t));
  });
  afterAll(() => t.close?.());
  return { t, w, call: caller(t) };
}

/** The app with the shared world of SECURITY §2.3 (test/world.ts). */
export const worldFixture = (options?: FixtureOptions): AppFixture<World> => appFixture(buildWorld, options);

export interface Listening {
  /** The listening app's address, once beforeAll has run. */
  readonly base: string;
}

/** Puts `t` on a real socket in beforeAll, for clients that need one (tus, event streams, slow sockets). */
export function listening(t: TestApp): Listening {
  let base = '';
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  return {
    get base() {
      return base;
    },
  };
}

export interface EventStreams extends Listening {
  /** Opens GET /api/events as `who` (a user or a bare token; anonymous with null); closed after the test. */
  open(
    who: Pick<TestUser, 'token'> | null,
    options?: { videoId?: string; lastEventId?: string },
  ): Promise<EventStreamClient>;
  /** Closes every stream opened so far (after each test anyway). */
  closeAll(): void;
}

/** `t` on a real socket, with event streams read the way the browser reads them. */
export function eventStreams(t: TestApp): EventStreams {
  const server = listening(t);
  const opened: EventStreamClient[] = [];
  const closeAll = () => opened.splice(0).forEach((client) => client.close());
  afterEach(closeAll);
  return {
    get base() {
      return server.base;
    },
    async open(who, options = {}) {
      const client = await openEventStream(server.base, { token: who?.token, ...options });
      opened.push(client);
      return client;
    },
    closeAll,
  };
}
