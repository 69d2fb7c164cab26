import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeetingProviderError } from '../provider';
import { BbbFailure, createBbbClient } from './bbb-client';

// The client's answers to a server that fails, refuses or never answers: the meetings service turns them
// into the spec's error (502, or 504 for a timeout). The secret is in no error.

const SECRET = 'client-test-secret';
let mode: 'ok' | 'failed' | 'http500' | 'hang' = 'ok';
const hung: http.ServerResponse[] = [];
const server = http.createServer((_req, res) => {
  if (mode === 'hang') return void hung.push(res);
  if (mode === 'http500') return void res.writeHead(500).end();
  const body =
    mode === 'ok'
      ? '<response><returncode>SUCCESS</returncode><createTime>1700000000000</createTime></response>'
      : '<response><returncode>FAILED</returncode><messageKey>checksumError</messageKey></response>';
  res.writeHead(200, { 'content-type': 'text/xml' }).end(body);
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bigbluebutton`;
});
afterAll(async () => {
  for (const res of hung) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as MeetingProviderError,
  );

describe('BigBlueButton client', () => {
  const client = () => createBbbClient({ url, secret: SECRET, checksum: 'sha256' }, 300);

  it('answers the XML of a SUCCESS and signs the URL under BBB_URL/api/', async () => {
    mode = 'ok';
    expect(await client().call('create', { meetingID: 'm' })).toContain(
      '<createTime>1700000000000</createTime>',
    );
    expect(client().url('join', { meetingID: 'm' })).toMatch(
      /\/bigbluebutton\/api\/join\?meetingID=m&checksum=[0-9a-f]{64}$/,
    );
  });

  it('a FAILED answer, an HTTP error and a refused connection are 502; no answer in time is 504', async () => {
    mode = 'failed';
    const failed = await failure(client().call('create', {}));
    expect(failed).toBeInstanceOf(BbbFailure);
    expect(failed).toMatchObject({ status: 502, messageKey: 'checksumError' });
    mode = 'http500';
    expect(await failure(client().call('create', {}))).toMatchObject({ status: 502 });
    mode = 'hang';
    const timedOut = await failure(client().call('create', {}));
    expect(timedOut).toBeInstanceOf(MeetingProviderError);
    expect(timedOut?.status).toBe(504);
    const refused = createBbbClient({ url: 'http://127.0.0.1:1/', secret: SECRET, checksum: 'sha1' }, 300);
    expect(await failure(refused.call('end', { meetingID: 'm' }))).toMatchObject({ status: 502 });
    for (const error of [failed, timedOut]) expect(String(error?.message)).not.toContain(SECRET);
  });
});
