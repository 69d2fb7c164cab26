import { type IncomingHttpHeaders, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type SseMessage, backoffMs, runEventStream } from './event-stream';

// A real HTTP server on loopback plays the events endpoint; each test scripts what every connection gets.

type Script = (res: ServerResponse, request: IncomingHttpHeaders, index: number) => unknown;

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections(); // open streams would keep close() waiting
      return new Promise((r) => s.close(r));
    }),
  );
});

async function serve(script: Script) {
  const requests: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    requests.push(req.headers);
    void script(res, req.headers, requests.length - 1);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/events`;
  return { url, requests, server };
}

const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

/** Runs the stream until `until` says so; returns what the callbacks saw. */
async function run(url: string, until: (log: string[]) => boolean, silenceMs = 5_000) {
  const log: string[] = [];
  const controller = new AbortController();
  const check = () => {
    if (until(log)) controller.abort();
  };
  const done = runEventStream({
    url,
    headers: () => ({ authorization: 'Bearer t0ken' }),
    onOpen: ({ resumed }) => (log.push(resumed ? 'open(resumed)' : 'open'), check()),
    onMessage: (m: SseMessage) => (log.push(`${m.id}:${m.event}:${m.data}`), check()),
    onDrop: () => (log.push('drop'), check()),
    signal: controller.signal,
    silenceMs,
    retryDelayMs: () => 20,
  });
  await done;
  return log;
}

describe('runEventStream', () => {
  it('sends the bearer header, reads events, and after a drop resumes with Last-Event-ID', async () => {
    const { url, requests } = await serve((res, _h, i) => {
      sse(res);
      if (i === 0) res.end('id: 1\nevent: a\ndata: x\n\n: ping\n\nid: 2\nevent: b\ndata: y\n\n');
      else res.write('id: 3\nevent: c\ndata: z\n\n');
    });
    const log = await run(url, (l) => l.includes('3:c:z'));
    expect(log).toEqual(['open', '1:a:x', '2:b:y', 'drop', 'open(resumed)', '3:c:z']);
    expect(requests[0]).toMatchObject({ authorization: 'Bearer t0ken', accept: 'text/event-stream' });
    expect(requests[0]!['last-event-id']).toBeUndefined();
    expect(requests[1]!['last-event-id']).toBe('2');
  });

  it('resumes from the position a stream opens with (an id with empty data), which is no message', async () => {
    const { url, requests } = await serve((res, _h, i) => {
      sse(res);
      if (i === 0) res.end('retry: 3000\nid: 10\ndata\n\n');
      else res.write('id: 11\nevent: a\ndata: d\n\n');
    });
    const log = await run(url, (l) => l.includes('11:a:d'));
    expect(log).toEqual(['open', 'drop', 'open(resumed)', '11:a:d']);
    expect(requests[1]!['last-event-id']).toBe('10');
  });

  it('puts together an event split across chunks anywhere, with several data lines and CR LF ends', async () => {
    const stream =
      'id: 7\r\nevent: a\r\ndata: {"first":\r\ndata: "line"}\r\n\r\n: ping\n\nid: 8\nevent: b\ndata: y\n\n';
    // Cut between a CR and its LF, inside a field name, inside a value and between the two blank-line ends.
    const cuts = [3, 6, 14, 20, 35, 47, 48, 49, 50, 58];
    const { url } = await serve(async (res) => {
      sse(res);
      let from = 0;
      for (const cut of [...cuts, stream.length]) {
        res.write(stream.slice(from, cut));
        from = cut;
        await new Promise((r) => setTimeout(r, 5)); // pace the writes so that they arrive as separate reads
      }
    });
    const log = await run(url, (l) => l.includes('8:b:y'));
    expect(log).toEqual(['open', '7:a:{"first":\n"line"}', '8:b:y']);
  });

  it('retries after a refused connection (401) and after the server is unreachable', async () => {
    const { url } = await serve((res, _h, i) => {
      if (i === 0) return res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"no"}');
      if (i === 1) return res.socket?.destroy();
      sse(res);
      res.write('id: 9\nevent: a\ndata: d\n\n');
    });
    const log = await run(url, (l) => l.includes('9:a:d'));
    expect(log).toEqual(['drop', 'drop', 'open', '9:a:d']);
  });

  it('counts a silent connection as dead and reconnects', async () => {
    const { url, requests } = await serve((res, _h, i) => {
      sse(res);
      if (i === 0)
        res.write('id: 4\nevent: a\ndata: d\n\n'); // …then nothing, not even a heartbeat
      else res.write('id: 5\nevent: b\ndata: e\n\n');
    });
    const started = Date.now();
    const log = await run(url, (l) => l.includes('5:b:e'), 300);
    expect(log).toEqual(['open', '4:a:d', 'drop', 'open(resumed)', '5:b:e']);
    expect(requests[1]!['last-event-id']).toBe('4');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('stops for good when aborted, without another attempt', async () => {
    const { url, requests } = await serve((res) => {
      sse(res);
      res.write(': ping\n\n');
    });
    const log = await run(url, (l) => l.includes('open'));
    await new Promise((r) => setTimeout(r, 100));
    expect(log).toEqual(['open']);
    expect(requests).toHaveLength(1);
  });
});

describe('backoffMs', () => {
  it('grows from about 1 s to at most 30 s', () => {
    expect(backoffMs(0)).toBeGreaterThanOrEqual(800);
    expect(backoffMs(0)).toBeLessThanOrEqual(1200);
    expect(backoffMs(3)).toBeGreaterThanOrEqual(6400);
    for (const attempt of [5, 9, 50]) expect(backoffMs(attempt)).toBeLessThanOrEqual(30_000 * 1.2);
  });
});
