import type { StreamEvent } from '@lectern/shared';

export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: StreamEvent;
}

export interface EventStreamClient {
  readonly status: number;
  readonly events: ReceivedEvent[];
  /** Resolves when the server ended the stream. */
  readonly ended: Promise<void>;
  /** Waits until an event matching `match` arrived (and answers it), or fails after timeoutMs. */
  waitFor(match: (e: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

/** Reads `GET /api/events` the way the web app does: fetch with the bearer header, SSE parsed by hand. */
export async function openEventStream(
  baseUrl: string,
  options: { token?: string; videoId?: string; lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const url = new URL('/api/events', baseUrl);
  if (options.videoId) url.searchParams.set('videoId', options.videoId);
  const res = await fetch(url, {
    signal: controller.signal,
    headers: {
      ...options.headers,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
  });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());

  const ended = (async () => {
    if (!res.ok || !res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue; // comments (heartbeats) and blank lines
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (!fields.has('data')) continue;
          events.push({
            id: fields.get('id') ?? null,
            event: fields.get('event') ?? 'message',
            data: JSON.parse(fields.get('data')!) as StreamEvent,
          });
          notify();
        }
      }
    } catch {
      // aborted by close()
    }
    notify();
  })();

  return {
    status: res.status,
    events,
    ended,
    waitFor(match, timeoutMs = 3_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
