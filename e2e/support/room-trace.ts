import type { Page, Request } from 'playwright-core';

// What a room test prints when it fails: each signal request (who to whom, which kind, the server's
// status, how long it took and, behind the test nginx, which instance answered), the signal requests
// still without an answer every 5 s, and every 3 s what each person's tiles say, with times from the
// start. A flaky room is then read from the log of the run that failed instead of guessed at.

export interface RoomTrace {
  lines: string[];
  stop(): void;
}

const isSignal = (url: string) => url.includes('/api/rooms/') && url.endsWith('/signal');

export function traceRoom(pages: Map<string, Page>): RoomTrace {
  const started = Date.now();
  const lines: string[] = [];
  const at = () => `T+${Date.now() - started} ms`;
  const names = new Map<string, string>(); // peer id → name, from each join's answer
  /** Signal requests on their way: what they carry and when they left. */
  const pending = new Map<Request, { what: string; sentAt: number }>();
  const describe = (name: string, req: Request) => {
    const signal = JSON.parse(req.postData() ?? '{}') as { to?: string; kind?: string };
    return `${name} → ${names.get(signal.to ?? '') ?? signal.to}: ${signal.kind}`;
  };
  for (const [name, page] of pages) {
    page.on('request', (req) => {
      if (isSignal(req.url())) pending.set(req, { what: describe(name, req), sentAt: Date.now() });
    });
    page.on('response', (res) => {
      const url = res.url();
      if (url.endsWith('/join') && url.includes('/api/rooms/'))
        void res.json().then(
          (joined: { self: { peerId: string } }) => names.set(joined.self.peerId, name),
          () => undefined,
        );
      if (!isSignal(url)) return;
      const sent = pending.get(res.request());
      pending.delete(res.request());
      const took = sent ? `, ${Date.now() - sent.sentAt} ms` : '';
      const upstream = res.headers()['x-upstream'];
      lines.push(
        `${at()} ${describe(name, res.request())} (${res.status()}${took}${upstream ? ` via ${upstream}` : ''})`,
      );
    });
    page.on('requestfailed', (req) => {
      pending.delete(req);
      lines.push(`${at()} ${name}: ${req.url()} failed (${req.failure()?.errorText})`);
    });
  }
  const waiting = setInterval(() => {
    for (const { what, sentAt } of pending.values())
      lines.push(`${at()} still waiting ${Date.now() - sentAt} ms: ${what}`);
  }, 5000);
  const tiles = setInterval(() => {
    for (const [name, page] of pages) {
      void page
        .locator('figure.room-tile figcaption')
        .allInnerTexts()
        .then(
          (tiles) => lines.push(`${at()} ${name} sees ${tiles.join(' | ')}`),
          () => undefined,
        );
    }
  }, 3000);
  return {
    lines,
    stop: () => {
      clearInterval(waiting);
      clearInterval(tiles);
    },
  };
}
