import { createRequire } from 'node:module';
import type { StorageUse } from '@lectern/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { call, expectStatus } from '../../../test/calls';
import { createUser } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { BUNDLED_FFMPEG_WARNING } from '../../config/ffmpeg-tools';

// Issue 20: a server converting videos with the bundled ffmpeg of 2018 says so on the upload page (the
// storage answer it shows); one with the system's ffmpeg says nothing.

const bundled = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

// Two apps, each on its own database copy: many seconds on a busy machine.
describe('the bundled ffmpeg warning', { timeout: 120_000 }, () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  const storageOn = async (env: Record<string, string>) => {
    const t = await createTestApp({ env });
    apps.push(t);
    const res = await call(t, 'GET', '/api/upload/storage', { as: await createUser(t.app) });
    expectStatus(res, 200);
    return res.json<StorageUse>();
  };

  it('is on the upload page when the bundled build runs, and only then', async () => {
    expect(await storageOn({ FFMPEG_PATH: bundled })).toMatchObject({
      processingWarning: BUNDLED_FFMPEG_WARNING,
    });
    expect(await storageOn({})).not.toHaveProperty('processingWarning');
  });
});
