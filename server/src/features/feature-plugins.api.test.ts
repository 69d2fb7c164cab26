import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { forbidden } from '../lib/errors';
import { meetingsPlugin } from './meetings/plugin';
import { tusMetadata } from './videos/test/tus-requests';
import { useTusServer } from './videos/test/tus-server';
import { videosPlugin } from './videos/plugin';

// Features are Fastify plugins with declared dependencies (features/feature.ts): Fastify, not the order of
// features/index.ts, decides whether the app may boot, and what a feature offers others is one decoration,
// the very object its routes use.

const s = useTusServer();

/** An app with the backbone only (the real one's deps), for registering features by hand. */
function bareApp() {
  const app = Fastify({ logger: false });
  app.decorate('deps', s.t.app.deps);
  return app;
}

describe('features as plugins', () => {
  it('refuses to boot a feature whose dependencies are not registered before it, naming the missing one', async () => {
    const noLectures = bareApp();
    await expect(noLectures.register(videosPlugin).ready()).rejects.toThrow(
      "The dependency 'lectures' of plugin 'videos' is not registered",
    );
    const noQuestions = bareApp();
    await expect(noQuestions.register(meetingsPlugin).ready()).rejects.toThrow(
      "The dependency 'questions' of plugin 'meetings' is not registered",
    );
  });

  it("serves the upload kinds added through the videos decoration on the feature's own routes", async () => {
    const probe = tusMetadata({ kind: 'plugin-probe' });
    const unknown = await s.create(s.w.admin.auth, 10, probe);
    expect(unknown.status).toBe(400);
    s.t.app.videos.registerUploadKind('plugin-probe', {
      authorizeCreate: () => Promise.reject(forbidden('refused by the probe kind')),
      complete: () => Promise.reject(new Error('never reached')),
    });
    const refused = await s.create(s.w.admin.auth, 10, probe);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('refused by the probe kind');
  });
});
