import type { Page } from 'playwright-core';

// What a room test prints when it fails: each signal request (who to whom, which kind, the server's
// status) and every 3 s what each person's tiles say, with times from the start. A flaky room is then
// read from the log of the run that failed instead of guessed at.

export interface RoomTrace {
  lines: string[];
  stop(): void;
}

export function traceRoom(pages: Map<string, Page>): RoomTrace {
  const started = Date.now();
  const lines: string[] = [];
  const at = () => `T+${Date.now() - started} ms`;
  const names = new Map<string, string>(); // peer id → name, from each join's answer
  for (const [name, page] of pages) {
    page.on('response', (res) => {
      const url = res.url();
      if (url.endsWith('/join') && url.includes('/api/rooms/'))
        void res.json().then(
          (joined: { self: { peerId: string } }) => names.set(joined.self.peerId, name),
          () => undefined,
        );
      if (!url.endsWith('/signal') || !url.includes('/api/rooms/')) return;
      const signal = JSON.parse(res.request().postData() ?? '{}') as { to?: string; kind?: string };
      const to = names.get(signal.to ?? '') ?? signal.to;
      lines.push(`${at()} ${name} → ${to}: ${signal.kind} (${res.status()})`);
    });
    page.on('requestfailed', (req) =>
      lines.push(`${at()} ${name}: ${req.url()} failed (${req.failure()?.errorText})`),
    );
  }
  const timer = setInterval(() => {
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
  return { lines, stop: () => clearInterval(timer) };
}
