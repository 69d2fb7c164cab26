import type { Page, Request } from 'playwright-core';

// What a room test prints when it fails: each signal request (who to whom, which kind, the server's
// status, how long it took and, behind the test nginx, which instance answered), the signal requests
// still without an answer every 5 s, and every 3 s what each person's tiles say, with times from the
// start, and what each page's RTCPeerConnections did (states, and any description or candidate the
// browser refused). A flaky room is then read from the log of the run that failed instead of guessed at.

export interface RoomTrace {
  lines: string[];
  stop(): void;
}

const isSignal = (url: string) => url.includes('/api/rooms/') && url.endsWith('/signal');

const PC_TRACE = '[pc]';

/**
 * Runs in the page before it joins: every RTCPeerConnection it makes logs its state changes and the
 * calls the browser refused to the console, numbered per page (pc1, pc2, …) in the order they were made.
 */
function tracePeerConnections(prefix: string): void {
  const Native = window.RTCPeerConnection;
  let made = 0;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      const id = `pc${++made}`;
      const log = (what: string) => console.debug(`${prefix} ${id} ${what}`);
      log('made');
      for (const [event, state] of [
        ['signalingstatechange', () => this.signalingState],
        ['icegatheringstatechange', () => this.iceGatheringState],
        ['iceconnectionstatechange', () => `ice ${this.iceConnectionState}`],
        ['connectionstatechange', () => `connection ${this.connectionState}`],
      ] as const)
        this.addEventListener(event, () => log(state()));
      for (const method of ['setLocalDescription', 'setRemoteDescription', 'addIceCandidate'] as const) {
        const call = this[method].bind(this) as (...args: unknown[]) => Promise<void>;
        (this as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
          const type = (args[0] as { type?: string } | undefined)?.type;
          try {
            await call(...args);
          } catch (error) {
            log(`${method}${type ? ` ${type}` : ''} refused: ${(error as Error).message}`);
            throw error;
          }
          // Which ICE credentials each side's descriptions carry: the signals' lines name them too.
          const description =
            method === 'setLocalDescription' ? this.localDescription : this.remoteDescription;
          const ufrag = /a=ice-ufrag:(\S+)/.exec(description?.sdp ?? '')?.[1];
          if (method !== 'addIceCandidate') log(`${method} ${description?.type} ufrag ${ufrag}`);
        };
      }
    }
  };
}

export async function traceRoom(pages: Map<string, Page>): Promise<RoomTrace> {
  const started = Date.now();
  const lines: string[] = [];
  const at = () => `T+${Date.now() - started} ms`;
  const names = new Map<string, string>(); // peer id → name, from each join's answer
  /** Signal requests on their way: what they carry and when they left. */
  const pending = new Map<Request, { what: string; sentAt: number }>();
  const describe = (name: string, req: Request) => {
    const signal = JSON.parse(req.postData() ?? '{}') as { to?: string; kind?: string; data?: string };
    const to = names.get(signal.to ?? '') ?? signal.to;
    if (signal.kind !== 'offer' && signal.kind !== 'answer') return `${name} → ${to}: ${signal.kind}`;
    const { sdp, offer } = JSON.parse(signal.data ?? '{}') as { sdp?: string; offer?: number };
    const ufrag = /a=ice-ufrag:(\S+)/.exec(sdp ?? '')?.[1];
    return `${name} → ${to}: ${signal.kind} #${offer} ufrag ${ufrag}`;
  };
  for (const [name, page] of pages) {
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(PC_TRACE)) lines.push(`${at()} ${name} ${text.slice(PC_TRACE.length + 1)}`);
    });
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
  await Promise.all([...pages.values()].map((page) => page.evaluate(tracePeerConnections, PC_TRACE)));
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
