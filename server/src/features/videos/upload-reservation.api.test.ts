import { describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@lectern/shared';
import { call, expectStatus } from '../../../test/calls';
import { deleteUpload, patchUpload } from './test/tus-requests';
import { quotaFixture } from './test/quota-fixture';

// Issue 20: the storage quota holds under parallel requests. An admitted upload reserves its declared
// size with the quota check, under the user's admission lock, and gives it back once it finished, failed
// or was cancelled, or when it expired.

const MB = 1024 ** 2;
const QUOTA = 20 * MB;

describe('upload reservations: a quota that holds under parallel creations', () => {
  const { t, w, bytes, create, urlOf, multipartUpload } = quotaFixture(QUOTA);
  const cancel = async (res: Response) =>
    expect((await deleteUpload(urlOf(res), w.admin.auth)).status).toBe(204);

  it('admits exactly one of three parallel 15 MB creations against a 20 MB quota; cancelling frees it', async () => {
    const answers = await Promise.all([create(15 * MB), create(15 * MB), create(15 * MB)]);
    const admitted = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 413);
    expect(admitted).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const r of refused)
      expect(await r.text()).toContain(
        'This upload would pass your storage quota: 0 bytes of 20.0 MB used, 15.0 MB more by uploads under way.',
      );
    await cancel(admitted[0]!);
    const again = await Promise.all([create(15 * MB), create(15 * MB)]);
    expect(again.map((r) => r.status).sort()).toEqual([201, 413]);
    await cancel(again.find((r) => r.status === 201)!);
  });

  it('a finished upload gives back its reservation: only its stored bytes count from then on', async () => {
    const created = await create(bytes.length);
    expect(created.status).toBe(201);
    expect((await create(QUOTA - bytes.length + 1)).status).toBe(413); // reserved while under way
    expect((await patchUpload(urlOf(created), w.admin.auth, 0, bytes)).status).toBe(204);
    expect((await create(QUOTA - bytes.length + 1)).status).toBe(413); // stored now
    const rest = await create(QUOTA - bytes.length); // counted once, not stored and reserved
    expect(rest.status).toBe(201);
    await cancel(rest);
  });

  it('multipart uploads reserve their length and give it back with their answer', async () => {
    const blocking = await create(QUOTA - bytes.length - 1); // the stored file and this leave no room
    expect(blocking.status).toBe(201);
    expectStatus(await multipartUpload(), 413);
    await cancel(blocking);
    // The same bytes again are stored once; its reservation (the whole request) ended with its answer.
    expectStatus(await multipartUpload(), 201);
    const rest = await create(QUOTA - bytes.length);
    expect(rest.status).toBe(201);
    await cancel(rest);
  });

  it('an upload left unfinished stops counting when it expires', async () => {
    expect((await create(15 * MB)).status).toBe(201);
    expect((await create(15 * MB)).status).toBe(413);
    t.clock.advance(3 * 24 * 3600 * 1000 + 1); // UPLOAD_TTL_MS: tus answers 410 and the purge deletes it
    const login = await call(t, 'POST', '/api/login', {
      payload: { email: w.admin.email, password: w.admin.password },
    });
    expectStatus(login, 200); // the session ended too
    const auth = { authorization: `Bearer ${login.json<LoginAnswer>().token}` };
    expect((await create(15 * MB, auth)).status).toBe(201);
  });
});
