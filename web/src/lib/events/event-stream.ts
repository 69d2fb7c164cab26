// Holds GET /api/events open with fetch, not EventSource: EventSource cannot send the Authorization
// header, and a token must never go into a URL (SECURITY). On any failure it reconnects after a growing
// delay and sends Last-Event-ID, so the server replays what was missed meanwhile. The bytes are parsed
// by eventsource-parser (the WHATWG format, whatever the chunk boundaries), fetched beside the first
// connection rather than with the page: the watch page's first load has a budget (about 1 KB gzip).

export interface SseMessage {
  /** The last `id:` seen on the stream so far (it carries over to later messages, as in EventSource). */
  id: string;
  /** `event:` of the message, 'message' when it had none. */
  event: string;
  data: string;
}

export interface EventStreamOptions {
  url: string;
  /** Read on every connection, so a new login is used at the next one. */
  headers(): Record<string, string>;
  /** Where an earlier stream of this tab stopped, to resume from. */
  lastEventId?: string;
  /** The stream answered 200 and events now flow. */
  onOpen(info: { resumed: boolean }): void;
  onMessage(message: SseMessage): void;
  /** The stream's position moved (an `id:` line, with or without an event): resume from here. */
  onEventId?(id: string): void;
  /** The connection failed or ended; another attempt follows after a delay. */
  onDrop(): void;
  /** Stops the stream for good (logout, another subscription, unmount). */
  signal: AbortSignal;
  /** Silence after which the connection counts as dead: the server sends heartbeats well within it. */
  silenceMs?: number;
  /** Delay before reconnection attempt `attempt` (0 = the first retry). */
  retryDelayMs?(attempt: number): number;
}

/** 1 s, 2 s, 4 s … up to 30 s, spread by ±20% so a restarted server is not hit by every tab at once. */
export const backoffMs = (attempt: number): number =>
  Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)) * (0.8 + Math.random() * 0.4);

const SILENCE_MS = 45_000;

let parserModule: Promise<typeof import('eventsource-parser')> | undefined;
/** The parser's chunk, fetched once; a failed fetch is tried again at the next connection. */
const loadParser = () =>
  (parserModule ??= import('eventsource-parser').catch((error: unknown) => {
    parserModule = undefined;
    throw error;
  }));

export async function runEventStream(options: EventStreamOptions): Promise<void> {
  const { signal, retryDelayMs = backoffMs } = options;
  let lastEventId = options.lastEventId ?? '';
  let attempt = 0;
  while (!signal.aborted) {
    const opened = await connectOnce(options, lastEventId, (id) => {
      lastEventId = id;
      options.onEventId?.(id);
    });
    if (signal.aborted) return;
    if (opened) attempt = 0;
    options.onDrop();
    await sleep(retryDelayMs(attempt++), signal);
  }
}

/** One connection, read until it ends or fails; answers whether it opened at all. */
async function connectOnce(
  options: EventStreamOptions,
  lastEventId: string,
  remember: (id: string) => void,
): Promise<boolean> {
  const connection = new AbortController();
  const stop = () => connection.abort();
  options.signal.addEventListener('abort', stop);
  let silence: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(silence);
    silence = setTimeout(stop, options.silenceMs ?? SILENCE_MS);
  };
  let opened = false;
  try {
    watch();
    const [response, { createParser }] = await Promise.all([
      fetch(options.url, {
        headers: {
          accept: 'text/event-stream',
          ...options.headers(),
          ...(lastEventId && { 'last-event-id': lastEventId }),
        },
        cache: 'no-store',
        signal: connection.signal,
      }),
      loadParser(),
    ]);
    if (!response.ok || !response.body) return false;
    opened = true;
    options.onOpen({ resumed: lastEventId !== '' });
    let position = lastEventId;
    const parser = createParser({
      onEvent({ id, event = 'message', data }) {
        if (id !== undefined && id !== position) remember((position = id));
        // Empty data only carries the stream's position (the server's first message): nothing to act on.
        if (data !== '') options.onMessage({ id: position, event, data });
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      watch();
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch {
    // a network failure, the silence watchdog or the caller's abort: all end this connection
  } finally {
    clearTimeout(silence);
    options.signal.removeEventListener('abort', stop);
    connection.abort();
  }
  return opened;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
